/// Generates the per-entity input types that read rows: `_Filter`, `_FirstRow`, `_ListFilter`,
/// `_Order`, `_Having` (docs/schema.md, step 6).
enum QueryInputBuilder {
    private typealias B = InputTypeBuilder
    private static let orderDirection = TypeRef.named("OrderDirection")

    static func build(_ context: inout SynthesisContext) {
        let generated = context.mapPlans { plan, context in (plan.span, types(of: plan, context)) }
        for (cause, types) in generated { context.addGenerated(types, cause: cause) }
    }

    private static func types(of plan: EntityPlan, _ context: SynthesisContext) -> [SchemaType] {
        let names = context.names.entity(plan.name)
        return [
            filterType(plan, names, context),
            B.inputType(names.firstRow.namedType, "Picks the first row matching a filter in a given order.", [
                B.field("orderBy", names.orderList, .firstRowOrder),
                B.field("where", names.filter, .firstRowCondition),
            ], cause: plan),
            B.inputType(names.listFilter.namedType, "Conditions on a list of related `\(plan.name)` rows.", [
                B.field("count", .named("Int_Filter"), .relatedRowCount),
                B.field("exist", names.filter, .relatedRowsExist),
            ], cause: plan),
            orderType(plan, names, context.names),
            havingType(plan, names, context.names),
        ]
    }

    private static func filterType(_ plan: EntityPlan, _ names: EntityTypeNames, _ context: SynthesisContext) -> SchemaType {
        var fields = [
            B.field("_and", names.filterList, .everyConditionHolds),
            B.field("_not", names.filter, .conditionDoesNotHold),
            B.field("_or", names.filterList, .someConditionHolds),
        ]
        fields.reserveCapacity(plan.fields.count + plan.relations.count + 3)
        for planField in plan.fields {
            switch planField.role {
            case .column(let base, _, let isList):
                let types = context.names.column(base)
                fields.append(B.field(planField.name, isList ? types.listFilter : types.filter, .conditionOnColumn))
            case .reference(let target):
                fields.append(B.field(planField.name, context.names.entity(target).filter, .conditionOnReferencedRow))
            }
        }
        for relation in plan.relations {
            let related = context.names.entity(relation.returns)
            switch relation.kind {
            case .oneToMany, .manyToMany: fields.append(B.field(relation.field, related.listFilter, .conditionOnRelatedRows))
            case .oneToOne: fields.append(B.field(relation.field, related.filter, .conditionOnRelatedRow))
            }
        }
        return B.inputType(names.filter.namedType, "Conditions on `\(plan.name)` rows; all given conditions must hold.", fields, cause: plan)
    }

    private static func orderType(_ plan: EntityPlan, _ names: EntityTypeNames, _ all: GeneratedNames) -> SchemaType {
        let aggregates = plan.aggregates
        var fields: [SchemaInputValue] = []
        fields.reserveCapacity(plan.fields.count + aggregates.count)
        for planField in plan.fields {
            switch planField.role {
            case .column(_, _, false): fields.append(B.field(planField.name, orderDirection, .sortByColumn))
            case .column: continue
            case .reference(let target): fields.append(B.field(planField.name, all.entity(target).order, .sortByReferencedRow))
            }
        }
        for aggregate in aggregates { fields.append(B.field(aggregate.name, orderDirection, .sortByAggregate)) }
        return B.inputType(names.order.namedType, "Sort order of `\(plan.name)` rows; give one field per entry.", fields, cause: plan)
    }

    private static func havingType(_ plan: EntityPlan, _ names: EntityTypeNames, _ all: GeneratedNames) -> SchemaType {
        let aggregates = plan.aggregates
        var fields = [
            B.field("_and", names.havingList, .everyConditionHolds),
            B.field("_distinct", GeneratedArguments.boolean, .distinctAggregate),
            B.field("_not", names.having, .conditionDoesNotHold),
            B.field("_or", names.havingList, .someConditionHolds),
        ]
        fields.reserveCapacity(aggregates.count + 4)
        for aggregate in aggregates { fields.append(B.field(aggregate.name, all.column(aggregate.resultBase).filter, .conditionOnAggregate)) }
        return B.inputType(names.having.namedType, "Conditions on groups of `\(plan.name)` rows, over their aggregates.", fields, cause: plan)
    }
}
