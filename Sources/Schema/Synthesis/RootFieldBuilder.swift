/// Generates the root query and mutation fields of every entity (spec §5).
enum RootFieldBuilder {
    private typealias A = GeneratedArguments

    static func build(_ context: inout SynthesisContext) {
        for plan in context.orderedPlans {
            addQueries(plan, &context)
            if plan.isTable { addMutations(plan, &context) }
        }
    }

    private static func root(
        _ name: String, _ type: String, _ arguments: [SchemaInputValue], _ plan: EntityPlan, _ purpose: GeneratedPurpose,
        file: GeneratedFile, _ description: String
    ) -> SchemaField {
        SchemaField(name: name, type: TypeRef(parsing: type) ?? .named(type), arguments: arguments, description: description,
                    origin: .generated(Generated(purpose: purpose, from: plan.name, file: file, cause: plan.span)))
    }

    private static func addQueries(_ plan: EntityPlan, _ context: inout SynthesisContext) {
        let name = plan.name
        var fields: [SchemaField] = []
        if plan.isTable {
            fields.append(root(plan.singular, name, A.key(plan), plan, .single, file: .query,
                               "One `\(name)` row by key, or the first one matching `first`; null when there is none."))
        }
        fields.append(root(plan.plural, "[\(name)!]!", A.list(name), plan, .multiple, file: .query,
                           "`\(name)` rows, filtered, sorted and paginated."))
        for column in plan.fields where column.isScalarColumn && column.base == "Vector" {
            var field = root("\(plan.plural)_\(column.name)_similarity", "[\(name)!]!", A.similarity(name), plan, .similarity, file: .query,
                             "`\(name)` rows ordered by the distance of `\(column.name)` to a vector, nearest first.")
            field.origin = .generated(Generated(purpose: .similarity, from: "\(name).\(column.name)", file: .query, cause: column.span))
            fields.append(field)
        }
        let searchable = context.schema.type(named: name)?.fields.contains { $0.hasDirective(BuiltinName.searchable) } ?? false
        if searchable {
            fields.append(root("\(plan.plural)_search", "[\(name)!]!", A.search(name), plan, .search, file: .query,
                               "`\(name)` rows matching a full-text search over its `@searchable` fields, most relevant first."))
        }
        context.addGenerated(fields, to: Schema.queryTypeName)
    }

    private static func addMutations(_ plan: EntityPlan, _ context: inout SynthesisContext) {
        let name = plan.name
        let singular = plan.singular
        let data = A.arg("data", "\(name)_Data!", "The column values.")
        let dataList = A.arg("data", "[\(name)_Data!]!", "The column values of each row.")
        let filter = A.arg("where", "\(name)_Filter", "Only rows matching this condition.")
        let all = A.arg("all", "Boolean", default: false, "Set to true to act on every row when `where` is not given.")
        let fields = [
            root("\(singular)_insert", "\(name)_KeyOutput!", [data], plan, .insertSingle, file: .mutation,
                 "Inserts one `\(name)` row and returns its key."),
            root("\(singular)_insertMany", "[\(name)_KeyOutput!]!", [dataList], plan, .insertMultiple, file: .mutation,
                 "Inserts `\(name)` rows and returns their keys."),
            root("\(singular)_upsert", "\(name)_KeyOutput!", [data], plan, .upsertSingle, file: .mutation,
                 "Inserts one `\(name)` row, or updates the row with the same primary key."),
            root("\(singular)_upsertMany", "[\(name)_KeyOutput!]!", [dataList], plan, .upsertMultiple, file: .mutation,
                 "Inserts `\(name)` rows, updating those whose primary key exists."),
            root("\(singular)_update", "\(name)_KeyOutput", A.key(plan) + [data], plan, .updateSingle, file: .mutation,
                 "Updates one `\(name)` row; null when no row matched."),
            root("\(singular)_updateMany", "Int!", [filter, all, data], plan, .updateMultiple, file: .mutation,
                 "Updates the matching `\(name)` rows and returns how many changed."),
            root("\(singular)_delete", "\(name)_KeyOutput", A.key(plan), plan, .deleteSingle, file: .mutation,
                 "Deletes one `\(name)` row; null when no row matched."),
            root("\(singular)_deleteMany", "Int!", [filter, all], plan, .deleteMultiple, file: .mutation,
                 "Deletes the matching `\(name)` rows and returns how many were deleted."),
        ]
        context.addGenerated(fields, to: Schema.mutationTypeName)
    }
}
