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

    private static func queryFields(_ plan: EntityPlan, _ names: EntityTypeNames, _ context: SynthesisContext) -> [SchemaField] {
        let name = plan.name
        var fields: [SchemaField] = []
        if plan.isTable {
            fields.append(plan.generatedField(plan.singular, names.entity, A.key(plan, names), .single, file: .query,
                                              "One `\(name)` row by key, or the first one matching `first`; null when there is none."))
        }
        fields.append(plan.generatedField(plan.plural, names.entityList, names.listArguments, .multiple, file: .query,
                                          "`\(name)` rows, filtered, sorted and paginated."))
        for column in plan.fields where column.role == .column(base: "Vector", isEnum: false, isList: false) {
            fields.append(plan.generatedField("\(plan.plural)_\(column.name)_similarity", names.entityList, A.similarity(names),
                                              .similarity, file: .query, member: column.name, cause: column.span,
                                              "`\(name)` rows ordered by the distance of `\(column.name)` to a vector, nearest first."))
        }
        let searchable = context.schema.type(named: name)?.fields.contains { $0.hasDirective(BuiltinName.searchable) } ?? false
        if searchable {
            let description = "`\(name)` rows matching a full-text search over its `@searchable` fields, most relevant first."
            fields.append(plan.generatedField(plan.plural + "_search", names.entityList, A.search(names), .search, file: .query,
                                              description))
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
        return mutations.map { plan.generatedField(plan.singular + $0.0, $0.1, $0.2, $0.3, file: .mutation, $0.4) }
    }
}
