import GraphQL

/// Built-in directives with their exact argument signatures, as the newest emulator's `prelude.gql` declares them.
enum PreludeDirectives {
    typealias D = PreludeDSL

    static var all: [SchemaDirective] { graphQL + schemaDirectives + operationDirectives + internalDirectives }

    private static let definitionLocations: [DirectiveLocation] = [
        .scalar, .object, .fieldDefinition, .argumentDefinition, .interface, .union, .enumType, .enumValue,
        .inputObject, .inputFieldDefinition,
    ]
    private static let typeLocations: [DirectiveLocation] = [.scalar, .object, .interface, .union, .enumType, .inputObject]

    private static var graphQL: [SchemaDirective] {
        [
            D.directive("skip", "Leaves the field or fragment out when `if` is true.",
                        [D.arg("if", "Boolean!")], on: [.field, .fragmentSpread, .inlineFragment]),
            D.directive("include", "Includes the field or fragment only when `if` is true.",
                        [D.arg("if", "Boolean!")], on: [.field, .fragmentSpread, .inlineFragment]),
            D.directive("deprecated", "Marks an element as no longer supported.",
                        [D.arg("reason", "String", default: "No longer supported")],
                        on: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue]),
            D.directive("specifiedBy", "Links a custom scalar to the document that specifies it.",
                        [D.arg("url", "String!")], on: [.scalar]),
        ]
    }

    private static var schemaDirectives: [SchemaDirective] {
        let required = D.oneOf(required: true)
        return [
            D.directive("table", "Makes the object type a database table with generated queries and mutations.", [
                D.arg("name", "String", "SQL table name; defaults to the snake_case type name."),
                D.arg("singular", "String", "Singular used in generated field names; defaults to the type name with a lower-case first letter."),
                D.arg("plural", "String", "Plural used in generated field names; defaults to the English plural of the singular."),
                D.arg("key", "[String!]", "Primary-key fields; defaults to `id`, added as a UUID column when not declared."),
            ], on: [.object]),
            D.directive("view", "Makes the object type a read-only view defined by SQL.", [
                D.arg("name", "String", "An existing SQL view to read from.", [D.oneOf()]),
                D.arg("sql", "String", "The SELECT statement that defines the view.", [D.oneOf()]),
                D.arg("singular", "String", "Singular used in generated field names."),
                D.arg("plural", "String", "Plural used in generated field names."),
            ], on: [.object]),
            D.directive("col", "Configures the column that stores the field.", [
                D.arg("name", "String", "SQL column name; defaults to the snake_case field name."),
                D.arg("dataType", "String", "PostgreSQL column type, e.g. `varchar(20)` or `serial`."),
                D.arg("size", "Int", "Number of dimensions; required for `Vector` columns."),
            ], on: [.fieldDefinition]),
            D.directive("default", "The value a column gets when an insert does not set it; give exactly one argument.", [
                D.arg("value", "Any", "A constant value.", [required]),
                D.arg("expr", "Any_Expr", "A CEL expression such as `uuidV4()` or `request.time`.", [required]),
                D.arg("sql", "Any_SQL", "A PostgreSQL expression.", [required]),
            ], on: [.fieldDefinition]),
            D.directive("ref", "Configures the foreign key behind a reference field.", [
                D.arg("constraintName", "String", "SQL name of the foreign-key constraint."),
                D.arg("fields", "[String!]", "The foreign-key fields on this type; default: field name + referenced field name."),
                D.arg("references", "[String!]", "The referenced fields (the key or a unique field set of the target); default: its primary key."),
            ], on: [.fieldDefinition]),
            D.directive("unique", "Adds a unique constraint: on a field for that column, on the type for the listed fields.", [
                D.arg("indexName", "String", "SQL name of the constraint."),
                D.arg("fields", "[String!]", "The fields that are unique together; required on a type, not allowed on a field."),
            ], repeatable: true, on: [.fieldDefinition, .object]),
            D.directive("index", "Adds a database index: on a field for that column, on the type for the listed fields.", [
                D.arg("name", "String", "SQL name of the index."),
                D.arg("fields", "[String!]", "The indexed fields; required on a type, not allowed on a field."),
                D.arg("order", "[IndexFieldOrder!]", "Sort order per field; B-tree indexes on a type only."),
                D.arg("type", "IndexType", "Index method; lists allow only GIN, vectors default to HNSW."),
                D.arg("vector_method", "VectorSimilarityMethod", "Distance used by a vector index."),
            ], repeatable: true, on: [.fieldDefinition, .object]),
            D.directive("searchable", "Enables full-text search over this String column through the generated `_search` query.", [
                D.arg("language", "String", default: "english", "The text-search configuration (language) used to stem words."),
            ], on: [.fieldDefinition]),
        ]
    }

    private static var operationDirectives: [SchemaDirective] {
        let required = D.oneOf(required: true)
        return [
            D.directive("auth", "Who may run the operation. Without it only admin credentials may; give `level` or `expr`.", [
                D.arg("level", "AccessLevel", "A predefined access level.", [required]),
                D.arg("expr", "Boolean_Expr", "A CEL condition over `auth` and `vars`.", [required]),
                D.arg("insecureReason", "String", "Why a policy that the deploy tool flags as insecure is intended."),
            ], on: [.query, .mutation]),
            D.directive("transaction", "Runs every field of the mutation in one database transaction.", on: [.mutation]),
            D.directive("allow", "Lists which fields of a `_Data` input variable a client may set.", [
                D.arg("fields", "String!", "Space-separated field selection that the variable may contain."),
                D.arg("maxCount", "Int!", default: 100, "Largest number of list items or nested rows accepted."),
            ], on: [.variableDefinition]),
            D.directive("redact", "Evaluates the field but removes it from the response; generated SDKs omit it.",
                        on: [.field, .fragmentSpread, .inlineFragment]),
            D.directive("check", "Fails the operation unless the CEL condition holds for the field's value (`this`).", [
                D.arg("expr", "Boolean_Expr!", default: "!(this in [null, []])", "The condition."),
                D.arg("message", "String!", default: "permission denied", "The error message when the condition fails."),
                D.arg("optional", "Boolean", default: false, "Whether a missing field passes instead of failing."),
            ], repeatable: true, on: [.query, .mutation, .field, .fragmentDefinition, .fragmentSpread, .inlineFragment]),
            D.directive("retired", "Still served, but left out of generated SDKs.", [
                D.arg("reason", "String", "Why it was retired."),
            ], on: [.query, .mutation, .field, .variableDefinition]),
            D.directive("refresh", "Makes the query's results refresh for realtime subscribers.", [
                D.arg("every", "Timestamp_Duration", "Refresh periodically at this interval."),
                D.arg("onMutationExecuted", "[OnMutationExecuted_Event!]", "Refresh after these mutations run."),
            ], repeatable: true, on: [.query]),
        ]
    }

    private static var internalDirectives: [SchemaDirective] {
        [
            D.directive("fdc_oneOf", "Among siblings of the same group at most one may be set; exactly one if any member is required.", [
                D.arg("group", "String!", default: ""),
                D.arg("required", "Boolean!", default: false),
            ], repeatable: true, on: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition]),
            D.directive("fdc_forbiddenAsVariableType", "Variables may not be declared with this type.", on: typeLocations),
            D.directive("fdc_forbiddenAsFieldType", "Fields of the user schema may not use this type.", on: typeLocations),
            D.directive("fdc_forbiddenInVariables", "The input field may be written inline but not inside a variable's value.",
                        on: [.inputFieldDefinition]),
            D.directive("fdc_generated", "Marks an element that Data Connect synthesized from the user schema.", [
                D.arg("from", "SchemaCoordinate"),
                D.arg("purpose", "GeneratedPurpose!"),
            ], on: definitionLocations),
            D.directive("fdc_celExpression", "The scalar holds a CEL expression.", [D.arg("returnType", "String")], on: [.scalar]),
            D.directive("fdc_sqlExpression", "The scalar holds SQL text.", [D.arg("dataType", "String")], on: [.scalar]),
            D.directive("fdc_example", "An example value for documentation.", [
                D.arg("value", "Any"),
                D.arg("description", "String"),
            ], repeatable: true, on: definitionLocations.filter { $0 != .enumValue }),
        ]
    }
}
