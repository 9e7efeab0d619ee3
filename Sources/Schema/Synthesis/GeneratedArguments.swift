/// Argument lists shared by generated root and relation fields (spec §4.2, §5).
enum GeneratedArguments {
    private static let origin = Origin.generated(Generated(purpose: nil, fromType: nil, file: nil, cause: nil))
    static let int = TypeRef.named("Int")
    static let boolean = TypeRef.named("Boolean")
    static let float = TypeRef.named("Float")
    static let string = TypeRef.named("String")

    static func arg(_ name: String, _ type: TypeRef, default value: ConstValue? = nil, _ description: String) -> SchemaInputValue {
        SchemaInputValue(name: name, type: type, defaultValue: value, description: description, origin: origin)
    }

    /// `(distinct: Boolean = false)` of aggregate fields.
    static let distinct = [arg("distinct", boolean, default: false, "Aggregate distinct values only.")]

    /// `where, orderBy, offset, limit = 100, distinct = false, having` over an entity.
    static func list(filter: TypeRef, orderList: TypeRef, having: TypeRef) -> [SchemaInputValue] {
        [
            arg("where", filter, "Only rows matching this condition."),
            arg("orderBy", orderList, "Sort order; earlier entries take precedence."),
            arg("offset", int, "Number of rows to skip."),
            arg("limit", int, default: 100, "Largest number of rows to return."),
            arg("distinct", boolean, default: false, "Return each distinct row once."),
            arg("having", having, "Only groups matching this condition, when aggregates are selected."),
        ]
    }

    /// `id`, `id_expr`, `key`, `first`: the ways to pick one row of a table (spec §5.1).
    static func key(_ plan: EntityPlan, _ names: EntityTypeNames) -> [SchemaInputValue] {
        var result: [SchemaInputValue] = []
        if plan.key == ["id"], let id = plan.field("id") {
            result.append(arg("id", .named(id.base), "The row's `id`."))
            if id.base == "String" { result.append(arg("id_expr", .named("String_Expr"), "The row's `id`, computed on the server.")) }
        }
        result.append(arg("key", names.key, "The row's primary key."))
        result.append(arg("first", names.firstRow, "Picks the first row matching a filter and order instead of a key."))
        return result
    }

    /// Arguments of `<plural>_<vector>_similarity`.
    static func similarity(_ names: EntityTypeNames) -> [SchemaInputValue] {
        [
            arg("compare", .named("Vector"), "The vector to compare with."),
            arg("compare_embed", .named("Vector_Embed"), "Text to embed on the server and compare with."),
            arg("method", .named("VectorSimilarityMethod"), default: .enumValue("INNER_PRODUCT"), "How distance is measured."),
            arg("within", float, "Largest distance to include."),
            arg("where", names.filter, "Only rows matching this condition."),
            arg("limit", int, default: 100, "Largest number of rows to return."),
            arg("offset", int, "Number of rows to skip."),
        ]
    }

    /// Arguments of `<plural>_search`.
    static func search(_ names: EntityTypeNames) -> [SchemaInputValue] {
        names.listArguments + [
            arg("query", string, "The text to search for."),
            arg("relevanceThreshold", float, default: .int("0"), "Smallest relevance to include."),
            arg("queryFormat", .named("Search_QueryFormat"), default: .enumValue("QUERY"), "How `query` is interpreted."),
        ]
    }
}
