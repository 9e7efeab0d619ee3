/// Argument lists shared by generated root and relation fields (docs/schema.md, steps 4 and 7).
enum GeneratedArguments {
    private typealias B = InputTypeBuilder
    static let int = TypeRef.named("Int")
    static let boolean = TypeRef.named("Boolean")
    static let float = TypeRef.named("Float")
    static let string = TypeRef.named("String")

    /// `(distinct: Boolean = false)` of aggregate fields.
    static let distinct = [B.field("distinct", boolean, .distinctArgument)]

    /// `where, orderBy, offset, limit = 100, distinct = false, having` over an entity.
    static func list(filter: TypeRef, orderList: TypeRef, having: TypeRef) -> [SchemaInputValue] {
        [
            B.field("where", filter, .listWhere),
            B.field("orderBy", orderList, .listOrderBy),
            B.field("offset", int, .listOffset),
            B.field("limit", int, .listLimit),
            B.field("distinct", boolean, .listDistinct),
            B.field("having", having, .listHaving),
        ]
    }

    /// `id`, `id_expr`, `key`, `first`: the ways to pick one row of a table, as in the emulator's `query.gql`.
    static func key(_ plan: EntityPlan, _ names: EntityTypeNames) -> [SchemaInputValue] {
        var result: [SchemaInputValue] = []
        if plan.key == ["id"], let id = plan.field("id") {
            result.append(B.field("id", .named(id.base), .keyID))
            if id.base == "String" { result.append(B.field("id_expr", .named("String_Expr"), .keyIDExpression)) }
        }
        return result + [B.field("key", names.key, .keyArgument), B.field("first", names.firstRow, .firstArgument)]
    }

    /// Arguments of `<plural>_<vector>_similarity`.
    static func similarity(_ names: EntityTypeNames) -> [SchemaInputValue] {
        [
            B.field("compare", .named("Vector"), .similarityCompare),
            B.field("compare_embed", .named("Vector_Embed"), .similarityCompareEmbed),
            B.field("method", .named("VectorSimilarityMethod"), .similarityMethod),
            B.field("within", float, .similarityWithin),
            B.field("where", names.filter, .listWhere),
            B.field("limit", int, .listLimit),
            B.field("offset", int, .listOffset),
        ]
    }

    /// Arguments of `<plural>_search`.
    static func search(_ names: EntityTypeNames) -> [SchemaInputValue] {
        names.listArguments + [
            B.field("query", string, .searchQuery),
            B.field("relevanceThreshold", float, .searchRelevance),
            B.field("queryFormat", .named("Search_QueryFormat"), .searchQueryFormat),
        ]
    }
}
