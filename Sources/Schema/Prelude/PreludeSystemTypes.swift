/// Built-in object types and root fields of the newest emulator's `prelude.gql`.
enum PreludeSystemTypes {
    typealias D = PreludeDSL

    static var types: [SchemaType] {
        let sqlArguments = { (statement: String) in
            [D.arg("sql", "\(statement)!", "The SQL statement."), D.arg("params", "SQL_Params", "Values for `$1`, `$2`, ….")]
        }
        return [
            D.object("_Service", "Information about the deployed service.", [
                D.field("sdl", "String!", [
                    D.arg("omitBuiltin", "Boolean", default: false, "Leave out built-in definitions."),
                    D.arg("omitDescription", "Boolean", default: false, "Leave out descriptions."),
                ], "The schema in SDL form."),
                D.field("schema", "String!", [], "The user schema source."),
                D.field("schemas", "[_Schema!]!", [], "Every schema source of the service."),
                D.field("docs", "[_Doc!]!", [], "Generated documentation pages."),
            ]),
            D.object("_Schema", "One schema source.", [
                D.field("id", "String!", [], "The schema's identifier."),
                D.field("source", "String!", [], "Its SDL text."),
            ]),
            D.object("_Doc", "A documentation page.", [
                D.field("page", "String!", [], "The page name."),
                D.field("markdown", "String!", [], "The page content."),
            ]),
            D.object("_Metadata", "Values computed for a row by the query that returned it.", [
                D.field("distance", "Float", [], "Distance to the compared vector, set by `_similarity` queries."),
                D.field("relevance", "Float", [], "Text-search rank, set by `_search` queries."),
            ]),
            D.object("Query", "Read operations.", [
                D.field("_service", "_Service!", [], "Information about the service."),
                D.field("_select", "[Any]", sqlArguments("SQL_Query"), "Runs a read-only SQL statement and returns every row."),
                D.field("_selectFirst", "Any", sqlArguments("SQL_Query"), "Runs a read-only SQL statement and returns its first row."),
            ]),
            D.object("Mutation", "Write operations.", [
                D.field("query", "Query", [], "Runs query fields inside the mutation, e.g. for `@check`."),
                D.field("_execute", "Int", sqlArguments("SQL_Mutation"), "Runs a SQL statement and returns the affected row count."),
                D.field("_executeReturning", "[Any]", sqlArguments("SQL_Mutation"), "Runs a SQL statement and returns the rows of its RETURNING clause."),
                D.field("_executeReturningFirst", "Any", sqlArguments("SQL_Mutation"),
                        "Runs a SQL statement and returns the first row of its RETURNING clause."),
            ]),
        ]
    }
}
