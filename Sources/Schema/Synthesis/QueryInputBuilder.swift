/// Generates the per-entity input types that read rows: `_Filter`, `_FirstRow`, `_ListFilter`,
/// `_Order`, `_Having` (spec §6.4–§6.8).
enum QueryInputBuilder {
    private typealias B = InputTypeBuilder

    static func build(_ context: inout SynthesisContext) {
        for plan in context.orderedPlans {
            let name = plan.name
            context.addGenerated(filterType(plan, context), cause: plan.span)
            context.addGenerated(B.inputType("\(name)_FirstRow", "Picks the first `\(name)` row matching a filter in a given order.", [
                B.field("orderBy", "[\(name)_Order!]", "Sort order."),
                B.field("where", "\(name)_Filter", "Condition the row must match."),
            ], cause: plan), cause: plan.span)
            context.addGenerated(B.inputType("\(name)_ListFilter", "Conditions on a list of related `\(name)` rows.", [
                B.field("count", "Int_Filter", default: .object([.init(name: "gt", value: 0)]), "Condition on the number of matching rows."),
                B.field("exist", "\(name)_Filter", "Condition that related rows must match."),
            ], cause: plan), cause: plan.span)
            let aggregates = Aggregates.names(plan)
            context.addGenerated(orderType(plan, aggregates), cause: plan.span)
            context.addGenerated(havingType(plan, aggregates), cause: plan.span)
        }
    }

    private static func filterType(_ plan: EntityPlan, _ context: SynthesisContext) -> SchemaType {
        let name = plan.name
        var fields = [
            B.field("_and", "[\(name)_Filter!]", "Every condition must hold."),
            B.field("_not", "\(name)_Filter", "The condition must not hold."),
            B.field("_or", "[\(name)_Filter!]", "At least one condition must hold."),
        ]
        for planField in plan.fields {
            switch planField.role {
            case .column(let base, _, let isList):
                fields.append(B.field(planField.name, isList ? "\(base)_ListFilter" : "\(base)_Filter", "Condition on `\(planField.name)`."))
            case .reference(let target):
                fields.append(B.field(planField.name, "\(target)_Filter", "Condition on the referenced `\(target)` row."))
            }
        }
        for relation in plan.relations {
            switch relation.kind {
            case .oneToMany, .manyToMany:
                fields.append(B.field(relation.field, "\(relation.returns)_ListFilter", "Condition on the related `\(relation.returns)` rows."))
            case .oneToOne:
                fields.append(B.field(relation.field, "\(relation.returns)_Filter", "Condition on the related `\(relation.returns)` row."))
            }
        }
        return B.inputType("\(name)_Filter", "Conditions on `\(name)` rows; all given conditions must hold.", fields, cause: plan)
    }

    private static func orderType(_ plan: EntityPlan, _ aggregates: [Aggregates.Name]) -> SchemaType {
        var fields: [SchemaInputValue] = []
        for planField in plan.fields {
            switch planField.role {
            case .column(_, _, false): fields.append(B.field(planField.name, "OrderDirection", "Sort by `\(planField.name)`."))
            case .column: continue
            case .reference(let target): fields.append(B.field(planField.name, "\(target)_Order", "Sort by the referenced row's fields."))
            }
        }
        for aggregate in aggregates {
            fields.append(B.field(aggregate.name, "OrderDirection", "Sort groups by `\(aggregate.name)`."))
        }
        return B.inputType("\(plan.name)_Order", "Sort order of `\(plan.name)` rows; give one field per entry.", fields, cause: plan)
    }

    private static func havingType(_ plan: EntityPlan, _ aggregates: [Aggregates.Name]) -> SchemaType {
        let name = plan.name
        var fields = [
            B.field("_and", "[\(name)_Having!]", "Every condition must hold."),
            B.field("_distinct", "Boolean", "Aggregate distinct values only."),
            B.field("_not", "\(name)_Having", "The condition must not hold."),
            B.field("_or", "[\(name)_Having!]", "At least one condition must hold."),
        ]
        for aggregate in aggregates {
            fields.append(B.field(aggregate.name, "\(aggregate.base)_Filter", "Condition on `\(aggregate.name)`."))
        }
        return B.inputType("\(name)_Having", "Conditions on groups of `\(name)` rows, over their aggregates.", fields, cause: plan)
    }
}
