/// Names of built-in directives and types that synthesis and validation refer to.
public enum BuiltinName {
    public static let table = "table"
    public static let view = "view"
    public static let col = "col"
    public static let defaultValue = "default"
    public static let ref = "ref"
    public static let unique = "unique"
    public static let index = "index"
    public static let searchable = "searchable"
    public static let generated = "fdc_generated"
    public static let oneOf = "fdc_oneOf"
    public static let forbiddenInVariables = "fdc_forbiddenInVariables"
    public static let forbiddenAsVariableType = "fdc_forbiddenAsVariableType"
    public static let forbiddenAsFieldType = "fdc_forbiddenAsFieldType"
    public static let auth = "auth"
    public static let transaction = "transaction"
    public static let check = "check"
    public static let redact = "redact"
    public static let retired = "retired"
    public static let refresh = "refresh"
    public static let allow = "allow"

    /// Scalars every GraphQL schema has; the prelude relies on them without declaring them.
    public static let graphQLScalars: [String] = ["String", "Int", "Float", "Boolean", "ID"]
    /// Directives every GraphQL schema has; not printed in `prelude.gql`.
    public static let graphQLDirectives: Set<String> = ["skip", "include", "deprecated", "specifiedBy"]

    /// Scalars a `@table` column may use (besides user enums).
    public static let columnScalars: Set<String> = [
        "String", "Int", "Int64", "Float", "Boolean", "UUID", "Date", "Timestamp", "Any", "Vector",
    ]
}
