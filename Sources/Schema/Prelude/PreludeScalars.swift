/// Built-in scalars and enums of the newest emulator's `prelude.gql`.
enum PreludeScalars {
    typealias D = PreludeDSL

    static var types: [SchemaType] {
        graphQLScalars + dataScalars + expressionScalars + otherScalars + enums
    }

    private static var graphQLScalars: [SchemaType] {
        [
            D.scalar("String", "UTF-8 text. Stored as `text`."),
            D.scalar("Int", "A signed 32-bit integer. Stored as `int`."),
            D.scalar("Float", "A double-precision floating-point number. Stored as `double precision`."),
            D.scalar("Boolean", "`true` or `false`. Stored as `boolean`."),
            D.scalar("ID", "An opaque identifier, serialized as a string."),
        ]
    }

    private static var dataScalars: [SchemaType] {
        [
            D.scalar("UUID", """
                A universally unique identifier, stored as `uuid`. Output as 32 lower-case hex digits; \
                input also accepts the dashed, braced and `urn:uuid:` forms.
                """, [D.specifiedBy("https://tools.ietf.org/html/rfc4122")]),
            D.scalar("Int64", "A signed 64-bit integer, stored as `bigint`. Sent as a JSON string so no digits are lost."),
            D.scalar("Any", "Any JSON value: object, array, string, number, boolean or null. Stored as `jsonb`.",
                     [D.specifiedBy("https://www.json.org/json-en.html")]),
            D.scalar("Void", "Carries no value.", D.forbiddenBoth),
            D.scalar("True", "Accepts only the literal `true`; selects one branch of a one-of input such as `now: true`.",
                     [D.forbiddenAsFieldType, D.forbiddenAsVariableType]),
            D.scalar("Date", """
                A calendar date without time zone, written `YYYY-MM-DD`, stored as `date`. A time part on \
                input is cut off.
                """, [D.specifiedBy("https://scalars.graphql.org/andimarek/local-date.html")]),
            D.scalar("Timestamp", """
                An instant in RFC 3339 form, stored as `timestamptz`. 0, 3, 6 or 9 fractional digits are \
                accepted; years 1583 to 9999.
                """, [D.specifiedBy("https://scalars.graphql.org/andimarek/date-time")]),
            D.scalar("Vector", "A JSON array of finite floats, stored with pgvector. The column needs `@col(size:)`."),
        ]
    }

    /// CEL-valued scalars: the server evaluates the expression; clients never send one in a variable.
    private static var expressionScalars: [SchemaType] {
        let cel: [(String, String?, String)] = [
            ("Boolean_Expr", "bool", "A CEL expression that yields a boolean, e.g. `auth != null`."),
            ("String_Expr", "string", "A CEL expression that yields a string, e.g. `auth.uid`."),
            ("UUID_Expr", "string", "A CEL expression that yields a UUID, e.g. `uuidV4()`."),
            ("Int_Expr", "int", "A CEL expression that yields a 32-bit integer."),
            ("Int64_Expr", "int64", "A CEL expression that yields a 64-bit integer."),
            ("Float_Expr", "float", "A CEL expression that yields a float."),
            ("Any_Expr", nil, "A CEL expression that yields any JSON value."),
            ("Timestamp_Expr", "google.protobuf.Timestamp", "A CEL expression that yields an instant, e.g. `request.time`."),
            ("Date_Expr", "google.protobuf.Timestamp", "A CEL expression whose UTC date is used, e.g. `request.time`."),
        ]
        return cel.map { name, returnType, description in
            let returnArgument = returnType.map { [ConstValue.ObjectField(name: "returnType", value: .string($0))] } ?? []
            return D.scalar(name, description, [
                D.specifiedBy("https://github.com/google/cel-spec"),
                DirectiveUse("fdc_celExpression", returnArgument),
            ] + D.forbiddenBoth)
        }
    }

    private static var otherScalars: [SchemaType] {
        let sqlExpression = DirectiveUse("fdc_sqlExpression")
        return [
            D.scalar("Any_SQL", "A PostgreSQL expression evaluated by the database, as in `@default(sql:)`.",
                     [D.specifiedBy("https://www.postgresql.org/docs/current/sql-expressions.html"), sqlExpression] + D.forbiddenBoth),
            D.scalar("SQL_Query", "A read-only SQL statement for `_select`; parameters are `$1`, `$2`, ….",
                     [sqlExpression] + D.forbiddenBoth),
            D.scalar("SQL_Mutation", "A SQL statement that may write, for `_execute`; parameters are `$1`, `$2`, ….",
                     [sqlExpression] + D.forbiddenBoth),
            D.scalar("SQL_Params", "The values bound to `$1`, `$2`, … of a native SQL statement, as a list.", D.forbiddenBoth),
            D.scalar("SchemaCoordinate", "A schema coordinate such as `Movie.title`.",
                     [D.specifiedBy("https://github.com/graphql/graphql-wg/blob/main/rfcs/SchemaCoordinates.md")]
                        + [D.forbiddenAsFieldType, D.forbiddenAsVariableType]),
            D.scalar("Vector_Embed_Model", "The name of a Vertex AI text-embedding model, e.g. `text-embedding-004`.",
                     [D.specifiedBy("https://cloud.google.com/vertex-ai/generative-ai/docs/learn/model-versioning")] + D.forbiddenBoth),
        ]
    }

    private static var enums: [SchemaType] {
        [
            D.enumType("AccessLevel", "Who may run an operation, from least to most restricted.",
                       ["PUBLIC", "USER_ANON", "USER", "USER_EMAIL_VERIFIED", "NO_ACCESS"], D.forbiddenBoth),
            D.enumType("OrderDirection", "Sort order of a result column.", ["ASC", "DESC"], [D.forbiddenAsFieldType]),
            D.enumType("IndexFieldOrder", "Sort order of a column inside a B-tree index.", ["ASC", "DESC"], D.forbiddenBoth),
            D.enumType("IndexType", "The PostgreSQL index method.", ["BTREE", "GIN", "HNSW", "IVFFLAT"], D.forbiddenBoth),
            D.enumType("VectorSimilarityMethod", "How the distance between two vectors is measured.",
                       ["L2", "COSINE", "INNER_PRODUCT"], [D.forbiddenAsFieldType]),
            D.enumType("Search_QueryFormat", "How the text of a full-text `_search` query is interpreted.",
                       ["QUERY", "PLAIN", "PHRASE", "ADVANCED"], [D.forbiddenAsFieldType]),
            D.enumType("Timestamp_Interval", "A unit that a timestamp can be truncated to.",
                       ["SECOND", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH", "YEAR"], [D.forbiddenAsFieldType]),
            D.enumType("Date_Interval", "A unit that a date can be truncated to.", ["WEEK", "MONTH", "YEAR"], [D.forbiddenAsFieldType]),
            D.enumType("GeneratedPurpose", "Why a generated schema element exists.", [
                "IMPLICIT_KEY_FIELD", "IMPLICIT_REF_FIELD", "METADATA_FIELD", "QUERY_MULTIPLE_ONE_TO_MANY",
                "QUERY_MULTIPLE_MANY_TO_MANY", "QUERY_COUNT", "QUERY_SUM", "QUERY_AVG", "QUERY_MIN", "QUERY_MAX",
                "QUERY_MULTIPLE_BY_FULL_TEXT_SEARCH", "QUERY_SINGLE", "QUERY_MULTIPLE", "QUERY_MULTIPLE_BY_SIMILARITY",
                "INSERT_SINGLE", "INSERT_MULTIPLE", "UPSERT_SINGLE", "UPSERT_MULTIPLE", "UPDATE_SINGLE",
                "UPDATE_MULTIPLE", "DELETE_SINGLE", "DELETE_MULTIPLE",
            ], D.forbiddenBoth),
        ]
    }
}
