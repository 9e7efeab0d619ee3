/// Adds synthesized output fields to entity types: implicit key and foreign-key fields
/// (`implicit.gql`), reverse relations, `_metadata`, aggregates and `_id` (`relation.gql`).
enum EntityFieldBuilder {
    static func build(_ context: inout SynthesisContext) {
        for plan in context.orderedPlans where !plan.implicitFields.isEmpty {
            context.addGenerated(plan.implicitFields.map { implicitField($0, of: plan) }, to: plan.name)
        }
        for plan in context.orderedPlans {
            var fields = plan.relations.map { relationField($0, context) }
            if plan.isTable {
                fields.append(field("_metadata", "_Metadata", plan, purpose: .metadataField, from: plan.name,
                                    "Values the query computed for this row, such as vector distance or search relevance."))
            }
            fields += aggregates(plan)
            if plan.isTable {
                fields.append(field("_id", "ID!", plan, purpose: .entityID, from: "\(plan.name).\(plan.key.joined(separator: ","))",
                                    "An opaque identifier of this row, for client caches."))
            }
            context.addGenerated(fields, to: plan.name)
        }
    }

    private static func field(
        _ name: String, _ type: String, _ plan: EntityPlan, arguments: [SchemaInputValue] = [], purpose: GeneratedPurpose,
        from: String, file: GeneratedFile = .relation, _ description: String
    ) -> SchemaField {
        SchemaField(name: name, type: TypeRef(parsing: type) ?? .named(type), arguments: arguments, description: description,
                    origin: .generated(Generated(purpose: purpose, from: from, file: file, cause: plan.span)))
    }

    private static func implicitField(_ planField: PlanField, of plan: EntityPlan) -> SchemaField {
        let isKey = planField.implicitPurpose == .implicitKeyField
        var directives: [DirectiveUse] = []
        var from = plan.name
        let description: String
        if isKey {
            directives.append(DirectiveUse(BuiltinName.defaultValue, [.init(name: "expr", value: "uuidV4()")]))
            description = "The primary key, added because `\(plan.name)` declares no key; a random UUID by default."
        } else {
            let reference = plan.references.first { $0.foreignKeys.contains(planField.name) }
            from = "\(plan.name).\(reference?.field ?? planField.name)"
            let target = reference.map { ref in
                let index = ref.foreignKeys.firstIndex(of: planField.name) ?? 0
                return "`\(ref.target).\(ref.targetFields.indices.contains(index) ? ref.targetFields[index] : "")`"
            } ?? "the referenced key"
            description = "Foreign key of `\(from)`; holds the value of \(target). Customize it with `@ref`."
        }
        return SchemaField(name: planField.name, type: planField.type, description: description, directives: directives,
                           origin: .generated(Generated(purpose: planField.implicitPurpose, from: from, file: .implicit,
                                                        cause: planField.span)))
    }

    private static func relationField(_ relation: Relation, _ context: SynthesisContext) -> SchemaField {
        let cause = context.plans[relation.through]?.field(relation.throughField)?.span
        let from = "\(relation.through).\(relation.throughField)"
        let result: SchemaField
        switch relation.kind {
        case .oneToMany:
            result = SchemaField(
                name: relation.field, type: .nonNull(.list(.nonNull(.named(relation.returns)))),
                arguments: GeneratedArguments.list(relation.through),
                description: "The `\(relation.through)` rows whose `\(relation.throughField)` is this row.",
                origin: .generated(Generated(purpose: .oneToMany, from: from, file: .relation, cause: cause)))
        case .oneToOne:
            result = SchemaField(
                name: relation.field, type: .named(relation.returns),
                description: "The `\(relation.through)` row whose `\(relation.throughField)` is this row, if any.",
                origin: .generated(Generated(purpose: .oneToOne, from: from, file: .relation, cause: cause)))
        case .manyToMany:
            result = SchemaField(
                name: relation.field, type: .nonNull(.list(.nonNull(.named(relation.returns)))),
                arguments: GeneratedArguments.list(relation.through),
                description: "The `\(relation.returns)` rows linked to this row through `\(relation.through)`; "
                    + "filter, order and aggregate over `\(relation.through)`.",
                origin: .generated(Generated(purpose: .manyToMany, from: from, file: .relation, cause: cause)))
        }
        return result
    }

    private static func aggregates(_ plan: EntityPlan) -> [SchemaField] {
        let distinct = [GeneratedArguments.arg("distinct", "Boolean", default: false, "Aggregate distinct values only.")]
        var fields = [field("_count", "Int!", plan, purpose: .count, from: "\(plan.name).", "Number of rows.")]
        let columns = Aggregates.columns(plan).sorted { $0.name < $1.name }
        for column in columns {
            fields.append(field("\(column.name)_count", "Int!", plan, arguments: distinct, purpose: .count, from: "\(plan.name).\(column.name)",
                                "Number of rows where `\(column.name)` is not null."))
        }
        for column in columns {
            guard let type = Aggregates.sumType(column.base) else { continue }
            fields.append(field("\(column.name)_sum", type, plan, arguments: distinct, purpose: .sum, from: "\(plan.name).\(column.name)",
                                "Sum of `\(column.name)`."))
        }
        for column in columns where Aggregates.sumType(column.base) != nil {
            fields.append(field("\(column.name)_avg", "Float", plan, arguments: distinct, purpose: .avg, from: "\(plan.name).\(column.name)",
                                "Average of `\(column.name)`."))
        }
        for (suffix, purpose, word) in [("min", GeneratedPurpose.min, "Smallest"), ("max", .max, "Largest")] {
            for column in columns where Aggregates.hasMinMax(column.base) {
                fields.append(field("\(column.name)_\(suffix)", column.base, plan, purpose: purpose, from: "\(plan.name).\(column.name)",
                                    "\(word) value of `\(column.name)`."))
            }
        }
        return fields
    }
}

/// Which aggregates a column gets (spec §7.3).
enum Aggregates {
    /// Non-list columns: every one gets `_count`.
    static func columns(_ plan: EntityPlan) -> [PlanField] { plan.scalarColumns }

    /// The `_sum` result type; nil when the column cannot be summed.
    static func sumType(_ base: String) -> String? {
        ["Int": "Int", "Int64": "Int64", "Float": "Float"][base]
    }

    static func hasMinMax(_ base: String) -> Bool {
        ["Int", "Int64", "Float", "Date", "Timestamp", "Any"].contains(base)
    }

    /// An aggregate's name and the scalar its value has.
    typealias Name = (name: String, base: String)

    /// Every aggregate of a plan, for `_Order` and `_Having`.
    static func names(_ plan: EntityPlan) -> [Name] {
        let columns = columns(plan).sorted { $0.name < $1.name }
        var result: [Name] = [("_count", "Int")]
        result += columns.map { ("\($0.name)_count", "Int") }
        result += columns.compactMap { column in sumType(column.base).map { ("\(column.name)_sum", $0) } }
        result += columns.filter { sumType($0.base) != nil }.map { ("\($0.name)_avg", "Float") }
        result += columns.filter { hasMinMax($0.base) }.map { ("\($0.name)_min", $0.base) }
        result += columns.filter { hasMinMax($0.base) }.map { ("\($0.name)_max", $0.base) }
        return result
    }
}
