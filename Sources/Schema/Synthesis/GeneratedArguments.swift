/// Argument lists shared by generated root and relation fields (spec §4.2, §5).
enum GeneratedArguments {
    static func arg(_ name: String, _ type: String, default value: ConstValue? = nil, _ description: String) -> SchemaInputValue {
        SchemaInputValue(name: name, type: TypeRef(parsing: type) ?? .named(type), defaultValue: value, description: description,
                         origin: .generated(Generated(purpose: nil, from: nil, file: .input, cause: nil)))
    }

    /// `where, orderBy, offset, limit = 100, distinct = false, having` over entity `name`.
    static func list(_ name: String) -> [SchemaInputValue] {
        [
            arg("where", "\(name)_Filter", "Only rows matching this condition."),
            arg("orderBy", "[\(name)_Order!]", "Sort order; earlier entries take precedence."),
            arg("offset", "Int", "Number of rows to skip."),
            arg("limit", "Int", default: 100, "Largest number of rows to return."),
            arg("distinct", "Boolean", default: false, "Return each distinct row once."),
            arg("having", "\(name)_Having", "Only groups matching this condition, when aggregates are selected."),
        ]
    }

    /// `id`, `id_expr`, `key`, `first`: the ways to pick one row of table `plan` (spec §5.1).
    static func key(_ plan: EntityPlan) -> [SchemaInputValue] {
        var result: [SchemaInputValue] = []
        if plan.key == ["id"], let id = plan.field("id") {
            result.append(arg("id", id.base, "The row's `id`."))
            if id.base == "String" { result.append(arg("id_expr", "String_Expr", "The row's `id`, computed on the server.")) }
        }
        result.append(arg("key", "\(plan.name)_Key", "The row's primary key."))
        result.append(arg("first", "\(plan.name)_FirstRow", "Picks the first row matching a filter and order instead of a key."))
        return result
    }

    /// Arguments of `<plural>_<vector>_similarity`.
    static func similarity(_ name: String) -> [SchemaInputValue] {
        [
            arg("compare", "Vector", "The vector to compare with."),
            arg("compare_embed", "Vector_Embed", "Text to embed on the server and compare with."),
            arg("method", "VectorSimilarityMethod", default: .enumValue("INNER_PRODUCT"), "How distance is measured."),
            arg("within", "Float", "Largest distance to include."),
            arg("where", "\(name)_Filter", "Only rows matching this condition."),
            arg("limit", "Int", default: 100, "Largest number of rows to return."),
            arg("offset", "Int", "Number of rows to skip."),
        ]
    }

    /// Arguments of `<plural>_search`.
    static func search(_ name: String) -> [SchemaInputValue] {
        list(name) + [
            arg("query", "String", "The text to search for."),
            arg("relevanceThreshold", "Float", default: .int("0"), "Smallest relevance to include."),
            arg("queryFormat", "Search_QueryFormat", default: .enumValue("QUERY"), "How `query` is interpreted."),
        ]
    }
}
