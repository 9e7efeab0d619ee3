/// The prelude enums every generated package declares (App outputs, docs/sources.md), with plain `String` raw values
/// and no unknown case, exactly as Firebase does so that apps' exhaustive `switch`es compile.
struct BuiltinEnum: Hashable, Sendable {
    var graphQLName: String
    var swiftName: String
    var cases: [String]

    static let orderDirection = BuiltinEnum(graphQLName: "OrderDirection", swiftName: "OrderDirection", cases: ["ASC", "DESC"])
    static let searchQueryFormat = BuiltinEnum(
        graphQLName: "Search_QueryFormat", swiftName: "SearchQueryFormat", cases: ["QUERY", "PLAIN", "PHRASE", "ADVANCED"])

    static let all = [orderDirection, searchQueryFormat]
}
