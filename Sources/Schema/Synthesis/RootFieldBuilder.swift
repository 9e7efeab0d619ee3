/// Generates the root query and mutation fields of every entity (docs/schema.md, step 7).
enum RootFieldBuilder {
    private typealias A = GeneratedArguments

    static func build(_ context: inout SynthesisContext) {
        let fields = context.mapPlans { plan, context in
            let names = context.names.entity(plan.name)
            return (queryFields(plan, names, context), plan.isTable ? mutationFields(plan, names) : [])
        }
        context.addGenerated(fields.flatMap(\.0), to: Schema.queryTypeName)
        context.addGenerated(fields.flatMap(\.1), to: Schema.mutationTypeName)
    }

    private static func root(
        _ name: String, _ type: TypeRef, _ arguments: [SchemaInputValue], _ plan: EntityPlan, _ purpose: GeneratedPurpose,
        file: GeneratedFile, _ description: String
    ) -> SchemaField {
        SchemaField(name: name, type: type, arguments: arguments, description: description,
                    origin: .generated(Generated(purpose: purpose, fromType: plan.name, file: file, cause: plan.span)))
    }

    private static func queryFields(_ plan: EntityPlan, _ names: EntityTypeNames, _ context: SynthesisContext) -> [SchemaField] {
        let name = plan.name
        var fields: [SchemaField] = []
        if plan.isTable {
            fields.append(root(plan.singular, names.entity, A.key(plan, names), plan, .single, file: .query,
                               "One `\(name)` row by key, or the first one matching `first`; null when there is none."))
        }
        fields.append(root(plan.plural, names.entityList, names.listArguments, plan, .multiple, file: .query,
                           "`\(name)` rows, filtered, sorted and paginated."))
        for column in plan.fields where column.role == .column(base: "Vector", isEnum: false, isList: false) {
            fields.append(SchemaField(
                name: "\(plan.plural)_\(column.name)_similarity", type: names.entityList, arguments: A.similarity(names),
                description: "`\(name)` rows ordered by the distance of `\(column.name)` to a vector, nearest first.",
                origin: .generated(Generated(purpose: .similarity, fromType: name, fromMember: column.name, file: .query,
                                             cause: column.span))))
        }
        let searchable = context.schema.type(named: name)?.fields.contains { $0.hasDirective(BuiltinName.searchable) } ?? false
        if searchable {
            fields.append(root(plan.plural + "_search", names.entityList, A.search(names), plan, .search, file: .query,
                               "`\(name)` rows matching a full-text search over its `@searchable` fields, most relevant first."))
        }
        return fields
    }

    private static func mutationFields(_ plan: EntityPlan, _ names: EntityTypeNames) -> [SchemaField] {
        let name = plan.name
        let keyOutput = names.keyOutput
        let keyOutputs = TypeRef.nonNull(.list(.nonNull(keyOutput)))
        let count = TypeRef.nonNull(A.int)
        let data = InputTypeBuilder.field("data", .nonNull(names.data), .mutationData)
        let dataList = InputTypeBuilder.field("data", .nonNull(names.dataList), .mutationDataList)
        let filter = InputTypeBuilder.field("where", names.filter, .listWhere)
        let all = InputTypeBuilder.field("all", A.boolean, .mutationAll)
        let key = A.key(plan, names)
        let mutations: [(String, TypeRef, [SchemaInputValue], GeneratedPurpose, String)] = [
            ("_insert", .nonNull(keyOutput), [data], .insertSingle, "Inserts one `\(name)` row and returns its key."),
            ("_insertMany", keyOutputs, [dataList], .insertMultiple, "Inserts `\(name)` rows and returns their keys."),
            ("_upsert", .nonNull(keyOutput), [data], .upsertSingle,
             "Inserts one `\(name)` row, or updates the row with the same primary key."),
            ("_upsertMany", keyOutputs, [dataList], .upsertMultiple, "Inserts `\(name)` rows, updating those whose primary key exists."),
            ("_update", keyOutput, key + [data], .updateSingle, "Updates one `\(name)` row; null when no row matched."),
            ("_updateMany", count, [filter, all, data], .updateMultiple,
             "Updates the matching `\(name)` rows and returns how many changed."),
            ("_delete", keyOutput, key, .deleteSingle, "Deletes one `\(name)` row; null when no row matched."),
            ("_deleteMany", count, [filter, all], .deleteMultiple,
             "Deletes the matching `\(name)` rows and returns how many were deleted."),
        ]
        return mutations.map { root(plan.singular + $0.0, $0.1, $0.2, plan, $0.3, file: .mutation, $0.4) }
    }
}
