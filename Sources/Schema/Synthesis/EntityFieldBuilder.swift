/// Adds synthesized output fields to entity types: implicit key and foreign-key fields
/// (`implicit.gql`), reverse relations, `_metadata`, aggregates and `_id` (`relation.gql`).
enum EntityFieldBuilder {
    private typealias A = GeneratedArguments
    private static let intNonNull = TypeRef.nonNull(.named("Int"))

    static func build(_ context: inout SynthesisContext) {
        for plan in context.orderedPlans where !plan.implicitFields.isEmpty {
            context.addGenerated(plan.implicitFields.map { implicitField($0, of: plan) }, to: plan.name)
        }
        for plan in context.orderedPlans {
            var fields = plan.relations.map { relationField($0, context) }
            if plan.isTable {
                fields.append(field("_metadata", .named("_Metadata"), plan, purpose: .metadataField,
                                    "Values the query computed for this row, such as vector distance or search relevance."))
            }
            fields += aggregates(plan)
            if plan.isTable {
                fields.append(field("_id", .nonNull(.named("ID")), plan, purpose: .entityID, member: plan.key.joined(separator: ","),
                                    "An opaque identifier of this row, for client caches."))
            }
            context.addGenerated(fields, to: plan.name)
        }
    }

    private static func field(
        _ name: String, _ type: TypeRef, _ plan: EntityPlan, arguments: [SchemaInputValue] = [], purpose: GeneratedPurpose,
        member: String? = nil, _ description: String
    ) -> SchemaField {
        SchemaField(name: name, type: type, arguments: arguments, description: description,
                    origin: .generated(Generated(purpose: purpose, fromType: plan.name, fromMember: member, file: .relation,
                                                 cause: plan.span)))
    }

    private static func implicitField(_ planField: PlanField, of plan: EntityPlan) -> SchemaField {
        if planField.implicitPurpose == .implicitKeyField {
            return SchemaField(
                name: planField.name, type: planField.type,
                description: "The primary key, added because the table declares no key; a random UUID by default.",
                directives: [DirectiveUse(BuiltinName.defaultValue, [.init(name: "expr", value: "uuidV4()")])],
                origin: .generated(Generated(purpose: planField.implicitPurpose, fromType: plan.name, file: .implicit, cause: planField.span)))
        }
        let reference = plan.references.first { $0.foreignKeys.contains(planField.name) }
        return SchemaField(
            name: planField.name, type: planField.type,
            description: "Foreign key of a reference field; holds the referenced row's key. Customize it with `@ref`.",
            origin: .generated(Generated(purpose: planField.implicitPurpose, fromType: plan.name,
                                         fromMember: reference?.field ?? planField.name, file: .implicit, cause: planField.span)))
    }

    private static func relationField(_ relation: Relation, _ context: SynthesisContext) -> SchemaField {
        let cause = context.plans[relation.through]?.field(relation.throughField)?.span
        let through = context.names.entity(relation.through)
        let returns = context.names.entity(relation.returns)
        func origin(_ purpose: GeneratedPurpose) -> Origin {
            .generated(Generated(purpose: purpose, fromType: relation.through, fromMember: relation.throughField, file: .relation,
                                 cause: cause))
        }
        switch relation.kind {
        case .oneToMany:
            return SchemaField(name: relation.field, type: returns.entityList, arguments: A.list(through),
                               description: "The rows of the referencing table that point at this row.", origin: origin(.oneToMany))
        case .oneToOne:
            return SchemaField(name: relation.field, type: returns.entity,
                               description: "The row of the referencing table that points at this row, if any.", origin: origin(.oneToOne))
        case .manyToMany:
            return SchemaField(name: relation.field, type: returns.entityList, arguments: A.list(through),
                               description: "The rows linked to this row through a join table; filter, order and aggregate over the join table.",
                               origin: origin(.manyToMany))
        }
    }

    private static func aggregates(_ plan: EntityPlan) -> [SchemaField] {
        var fields = [field("_count", intNonNull, plan, purpose: .count, member: "", "Number of rows.")]
        let columns = Aggregates.columns(plan)
        for column in columns {
            fields.append(field(column.name + "_count", intNonNull, plan, arguments: A.distinct, purpose: .count, member: column.name,
                                "Number of rows where this column is not null."))
        }
        for column in columns {
            guard let type = Aggregates.sumType(column.base) else { continue }
            fields.append(field(column.name + "_sum", .named(type), plan, arguments: A.distinct, purpose: .sum, member: column.name,
                                "Sum of this column."))
        }
        for column in columns where Aggregates.sumType(column.base) != nil {
            fields.append(field(column.name + "_avg", A.float, plan, arguments: A.distinct, purpose: .avg, member: column.name,
                                "Average of this column."))
        }
        for column in columns where Aggregates.hasMinMax(column.base) {
            fields.append(field(column.name + "_min", .named(column.base), plan, purpose: .min, member: column.name,
                                "Smallest value of this column."))
        }
        for column in columns where Aggregates.hasMinMax(column.base) {
            fields.append(field(column.name + "_max", .named(column.base), plan, purpose: .max, member: column.name,
                                "Largest value of this column."))
        }
        return fields
    }
}

/// Which aggregates a column gets (spec §7.3).
enum Aggregates {
    /// Non-list columns, by name: every one gets `_count`.
    static func columns(_ plan: EntityPlan) -> [PlanField] { plan.scalarColumns.sorted { $0.name < $1.name } }

    /// The `_sum` result type; nil when the column cannot be summed.
    static func sumType(_ base: String) -> String? {
        switch base {
        case "Int", "Int64", "Float": base
        default: nil
        }
    }

    static func hasMinMax(_ base: String) -> Bool {
        switch base {
        case "Int", "Int64", "Float", "Date", "Timestamp", "Any": true
        default: false
        }
    }

    /// An aggregate's name and the scalar its value has.
    typealias Name = (name: String, base: String)

    /// Every aggregate of a plan, for `_Order` and `_Having`.
    static func names(_ plan: EntityPlan) -> [Name] {
        let columns = columns(plan)
        var result: [Name] = [("_count", "Int")]
        result += columns.map { ($0.name + "_count", "Int") }
        result += columns.compactMap { column in sumType(column.base).map { (column.name + "_sum", $0) } }
        result += columns.filter { sumType($0.base) != nil }.map { ($0.name + "_avg", "Float") }
        result += columns.filter { hasMinMax($0.base) }.map { ($0.name + "_min", $0.base) }
        result += columns.filter { hasMinMax($0.base) }.map { ($0.name + "_max", $0.base) }
        return result
    }
}
