/// Adds synthesized output fields to entity types: implicit key and foreign-key fields
/// (`implicit.gql`), reverse relations, `_metadata`, aggregates and `_id` (`relation.gql`).
enum EntityFieldBuilder {
    private typealias A = GeneratedArguments
    private static let intNonNull = TypeRef.nonNull(.named("Int"))

    static func build(_ context: inout SynthesisContext) {
        let fields = context.mapPlans { plan, context in
            let implicit = plan.fields.filter { $0.implicitPurpose != nil }.map { implicitField($0, of: plan) }
            return (plan.name, implicit + generatedFields(of: plan, context))
        }
        for (name, entityFields) in fields { context.addGenerated(entityFields, to: name) }
    }

    private static func generatedFields(of plan: EntityPlan, _ context: SynthesisContext) -> [SchemaField] {
        var fields = plan.relations.map { relationField($0, context) }
        if plan.isTable {
            fields.append(plan.generatedField("_metadata", .named("_Metadata"), [], .metadataField, file: .relation,
                                              "Values the query computed for this row, such as vector distance or search relevance."))
        }
        fields += plan.aggregates.map { aggregate in
            let type: TypeRef = aggregate.purpose == .count ? intNonNull : .named(aggregate.resultBase)
            let takesDistinct = [.count, .sum, .avg].contains(aggregate.purpose) && !aggregate.column.isEmpty
            return plan.generatedField(aggregate.name, type, takesDistinct ? A.distinct : [], aggregate.purpose, file: .relation,
                                       member: aggregate.column, aggregate.description)
        }
        if plan.isTable {
            fields.append(plan.generatedField("_id", .nonNull(.named("ID")), [], .entityID, file: .relation,
                                              member: plan.key.joined(separator: ","),
                                              "An opaque identifier of this row, for client caches."))
        }
        return fields
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
        let (type, arguments, purpose, description): (TypeRef, [SchemaInputValue], GeneratedPurpose, String) = switch relation.kind {
        case .oneToMany:
            (returns.entityList, through.listArguments, .oneToMany, "The rows of the referencing table that point at this row.")
        case .oneToOne: (returns.entity, [], .oneToOne, "The row of the referencing table that points at this row, if any.")
        case .manyToMany: (returns.entityList, through.listArguments, .manyToMany,
                           "The rows linked to this row through a join table; filter, order and aggregate over the join table.")
        }
        return SchemaField(name: relation.field, type: type, arguments: arguments, description: description, origin: .generated(Generated(
            purpose: purpose, fromType: relation.through, fromMember: relation.throughField, file: .relation, cause: cause)))
    }
}

/// One aggregate field of an entity (`_count`, `price_sum`, …).
struct Aggregate {
    let name: String
    /// The aggregated column; empty for the row count `_count`.
    let column: String
    /// `count`, `sum`, `avg`, `min` or `max`.
    let purpose: GeneratedPurpose
    /// The scalar of the result (and of its `_Having` filter).
    let resultBase: String
    let description: String

    /// Every aggregate of a plan in the emulator's order (docs/schema.md, step 5): `_count`, then all `_count`s,
    /// `_sum`s, `_avg`s, `_min`s and `_max`s, each by column name. List columns get none.
    static func all(of plan: EntityPlan) -> [Aggregate] {
        let columns = plan.fields.compactMap { field -> (name: String, base: String)? in
            if case .column(let base, _, false) = field.role { (field.name, base) } else { nil }
        }.sorted { $0.name < $1.name }
        let count = "Number of rows (or of non-null values of the column)."
        var result = [Aggregate(name: "_count", column: "", purpose: .count, resultBase: "Int", description: count)]
        result.reserveCapacity(columns.count * 3 + 1)
        // `_sum`/`_avg` exist for numbers, `_min`/`_max` for ordered values (arrays: compared, not hashed); the sum has the column's type.
        let numbers = ["Int", "Int64", "Float"]
        let ordered = numbers + ["Date", "Timestamp", "Any"]
        let kinds: [(GeneratedPurpose, suffix: String, applies: (String) -> Bool, result: (String) -> String, description: String)] = [
            (.count, "_count", { _ in true }, { _ in "Int" }, count),
            (.sum, "_sum", numbers.contains, { $0 }, "Sum of the column."),
            (.avg, "_avg", numbers.contains, { _ in "Float" }, "Average of the column."),
            (.min, "_min", ordered.contains, { $0 }, "Smallest value of the column."),
            (.max, "_max", ordered.contains, { $0 }, "Largest value of the column."),
        ]
        for (purpose, suffix, applies, resultBase, description) in kinds {
            for column in columns where applies(column.base) {
                result.append(Aggregate(name: column.name + suffix, column: column.name, purpose: purpose,
                                        resultBase: resultBase(column.base), description: description))
            }
        }
        return result
    }
}
