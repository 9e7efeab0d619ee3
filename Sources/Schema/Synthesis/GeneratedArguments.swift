/// Argument lists shared by generated root and relation fields (spec §4.2, §5).
enum GeneratedArguments {
    private static let origin = Origin.generated(Generated(purpose: nil, fromType: nil, file: nil, cause: nil))
    static let int = TypeRef.named("Int")
    static let boolean = TypeRef.named("Boolean")
    static let float = TypeRef.named("Float")
    static let string = TypeRef.named("String")

    static func arg(_ name: String, _ type: TypeRef, _ details: InputValueDetails) -> SchemaInputValue {
        SchemaInputValue(name: name, type: type, details: details, origin: origin)
    }

    /// `(distinct: Boolean = false)` of aggregate fields.
    static let distinct = [arg("distinct", boolean, .distinctArgument)]

    /// `where, orderBy, offset, limit = 100, distinct = false, having` over an entity.
    static func list(filter: TypeRef, orderList: TypeRef, having: TypeRef) -> [SchemaInputValue] {
        [
            arg("where", filter, .listWhere),
            arg("orderBy", orderList, .listOrderBy),
            arg("offset", int, .listOffset),
            arg("limit", int, .listLimit),
            arg("distinct", boolean, .listDistinct),
            arg("having", having, .listHaving),
        ]
    }

    /// `id`, `id_expr`, `key`, `first`: the ways to pick one row of a table (spec §5.1).
    static func key(_ plan: EntityPlan, _ names: EntityTypeNames) -> [SchemaInputValue] {
        var result: [SchemaInputValue] = []
        if plan.key == ["id"], let id = plan.field("id") {
            result.append(arg("id", .named(id.base), .keyID))
            if id.base == "String" { result.append(arg("id_expr", .named("String_Expr"), .keyIDExpression)) }
        }
        result.append(arg("key", names.key, .keyArgument))
        result.append(arg("first", names.firstRow, .firstArgument))
        return result
    }

    /// Arguments of `<plural>_<vector>_similarity`.
    static func similarity(_ names: EntityTypeNames) -> [SchemaInputValue] {
        [
            arg("compare", .named("Vector"), .similarityCompare),
            arg("compare_embed", .named("Vector_Embed"), .similarityCompareEmbed),
            arg("method", .named("VectorSimilarityMethod"), .similarityMethod),
            arg("within", float, .similarityWithin),
            arg("where", names.filter, .listWhere),
            arg("limit", int, .listLimit),
            arg("offset", int, .listOffset),
        ]
    }

    /// Arguments of `<plural>_search`.
    static func search(_ names: EntityTypeNames) -> [SchemaInputValue] {
        names.listArguments + [
            arg("query", string, .searchQuery),
            arg("relevanceThreshold", float, .searchRelevance),
            arg("queryFormat", .named("Search_QueryFormat"), .searchQueryFormat),
        ]
    }
}
