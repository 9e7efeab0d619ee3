import TestSupport
import Diagnostics
import GraphQL
@testable import IR
import Schema
import XCTest

final class IRBuilderTests: XCTestCase {
    func testFieldsAreTypedWithTablesAndKeyFlags() throws {
        let operation = try IRFixture.operation("query ListMovies { movies { id title actors_via_MovieActor { name } } }")
        XCTAssertEqual(operation.name, "ListMovies")
        XCTAssertEqual(operation.kind, .query)
        let movies = try XCTUnwrap(operation.selection.first)
        XCTAssertEqual(movies.type.description, "[Movie!]!")
        XCTAssertEqual(movies.parentType, "Query")
        XCTAssertEqual(movies.table, "Movie")
        XCTAssertEqual(movies.children.map(\.name), ["id", "title", "actors_via_MovieActor"])
        XCTAssertEqual(movies.children.map(\.isKeyField), [true, false, false])
        XCTAssertEqual(movies.children.last?.table, "Actor")
        XCTAssertEqual(movies.children.last?.children.first?.parentType, "Actor")
    }

    func testManyResponseKeysMergeInFirstSeenOrder() throws {
        // Past sixteen keys the lowering finds groups by hashing instead of searching them.
        let aliases = (1...20).map { "a\($0): title" }.joined(separator: " ")
        let movies = try XCTUnwrap(IRFixture.operation("query Q { movies { \(aliases) a3: title a18: title id a1: title } }").selection.first)
        XCTAssertEqual(movies.children.map(\.responseKey), (1...20).map { "a\($0)" } + ["id"])
        XCTAssertEqual(movies.children.filter { $0.mergedOccurrences == 2 }.map(\.responseKey), ["a1", "a3", "a18"])
    }

    func testOnlyDescriptionsTheUserWroteAreKept() throws {
        let movies = try XCTUnwrap(IRFixture.operation("query Q { movies { id title genre } }").selection.first)
        XCTAssertNotNil(IRFixture.schema.field("movies", on: "Query")?.description, "synthesized fields have sdkgen's wording")
        XCTAssertNil(movies.userDescription)
        XCTAssertEqual(movies.children.map(\.userDescription), [nil, "The title shown in lists.", nil])
    }

    func testFragmentsAreInlinedAndSameKeysMerged() throws {
        let (ir, diagnostics) = try IRFixture.build([
            "query Q { movies { id ...F ... on Movie { t: title } movieActors_on_movie { role } } }",
            "fragment F on Movie { t: title movieActors_on_movie { actor { name } } }",
        ])
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }, [])
        let operation = try XCTUnwrap(ir.connectors.first?.operations.first)
        XCTAssertEqual(operation.fragmentsUsed, ["F"])
        let movies = try XCTUnwrap(operation.selection.first)
        XCTAssertEqual(movies.children.map(\.responseKey), ["id", "t", "movieActors_on_movie"])
        XCTAssertEqual(movies.children[1].mergedOccurrences, 2)
        let relation = movies.children[2]
        XCTAssertEqual(relation.mergedOccurrences, 2)
        XCTAssertEqual(relation.children.map(\.responseKey), ["actor", "role"], "CollectFields order: the spread comes first")
        XCTAssertEqual(relation.children[0].file.path, "/project/connector/file1.gql")
    }

    func testMutationResultsAndCompositeKeys() throws {
        let operation = try IRFixture.operation("mutation Cast($m: UUID!, $a: UUID!) @transaction { movieActor_insert(data: {movieId: $m, actorId: $a}) }")
        XCTAssertTrue(operation.isTransaction)
        XCTAssertEqual(operation.selection.first?.type.description, "MovieActor_KeyOutput!")
        let (ir, _) = try IRFixture.build(["mutation Cast($m: UUID!) { movie_delete(id: $m) }"])
        let key = try XCTUnwrap(ir.keyTypes.first { $0.table == "MovieActor" })
        XCTAssertEqual(key.fields.map { "\($0.name): \($0.type)" }, ["movieId: UUID!", "actorId: UUID!"])
        XCTAssertEqual(key.outputType, "MovieActor_KeyOutput")
        XCTAssertEqual(ir.keyTypes.map(\.table), ["Actor", "MovieActor", "Movie"], "byte order of Actor_, MovieActor_, Movie_")
    }

    /// Every enum and every table's key, whatever the operations use: SDKs declare them all.
    func testEnumsAndKeysDoNotDependOnTheOperations() throws {
        let (ir, _) = try IRFixture.build([])
        XCTAssertEqual(ir.enums.map(\.name), ["Genre"])
        XCTAssertEqual(ir.enums.first?.values.map(\.name), ["ACTION", "DRAMA"])
        XCTAssertEqual(ir.enums.first?.span?.file.path, "/project/schema/schema.gql")
        XCTAssertEqual(ir.keyTypes.count, 3)
        XCTAssertEqual(ir.connectors.first?.inputTypes.map(\.name), [])
    }

    func testDirectivesAreParsed() throws {
        let (ir, _) = try IRFixture.build([
            """
            query Watch @auth(expr: "auth.uid != null", insecureReason: "demo") @refresh(every: {minutes: 1, seconds: 30})
              @refresh(onMutationExecuted: [{operation: "Add", condition: "true"}]) { movies { id } }
            """,
            "mutation Add @auth(level: USER) @retired(reason: \"old\") { movie_insert(data: {title: \"x\"}) }",
        ])
        let operations = try XCTUnwrap(ir.connectors.first?.operations)
        XCTAssertEqual(operations[0].auth, IRAuth(level: nil, expression: "auth.uid != null", insecureReason: "demo"))
        XCTAssertEqual(operations[0].refresh.first?.every, [IRDurationPart(unit: "minutes", amount: 1), IRDurationPart(unit: "seconds", amount: 30)])
        XCTAssertEqual(operations[0].refresh.last?.onMutationExecuted, [IRMutationEvent(operation: "Add", condition: "true")])
        XCTAssertEqual(operations[1].auth?.level, "USER")
        XCTAssertTrue(operations[1].isRetired)
        XCTAssertEqual(operations[1].directives.map(\.name), ["auth", "retired"])
    }

    func testVariablesAndDescriptions() throws {
        let (ir, _) = try IRFixture.build([
            """
            # Lists movies
            # of one genre.
            query ByGenre($genre: Genre = ACTION, $limit: Int, $ids: [UUID!]!) {
              movies(where: {genre: {eq: $genre}, id: {in: $ids}}, limit: $limit) { id genre }
            }
            "Adds one."
            mutation Add($title: String!) { movie_insert(data: {title: $title}) }
            """,
        ])
        let operations = try XCTUnwrap(ir.connectors.first?.operations)
        XCTAssertNil(operations[0].description, "a # comment is not documentation; only a description string is")
        XCTAssertEqual(operations[1].description, "Adds one.")
        XCTAssertEqual(operations[0].variables.map(\.type.description), ["Genre", "Int", "[UUID!]!"])
        XCTAssertEqual(operations[0].variables.map(\.defaultText), ["ACTION", nil, nil])
    }

    func testInputTypesReachableFromVariables() throws {
        let (ir, _) = try IRFixture.build(["mutation Add($data: Movie_Data! @allow(fields: \"title\")) { movie_insert(data: $data) }"])
        let inputTypes = try XCTUnwrap(ir.connectors.first?.inputTypes)
        XCTAssertEqual(inputTypes.first?.name, "Movie_Data")
        XCTAssertEqual(inputTypes[0].fields.first { $0.name == "title" }?.isForbiddenInVariables, false)
        XCTAssertEqual(inputTypes[0].fields.first { $0.name == "title_expr" }?.isForbiddenInVariables, true)
        XCTAssertNil(inputTypes[0].description, "synthesized types have sdkgen's wording")
    }

    /// First use, each type before those it reaches; keys, retired operations and variables add none.
    func testInputTypesInFirstUseOrder() throws {
        let (ir, _) = try IRFixture.build(["""
            query Q($key: Movie_Key!, $where: Movie_Filter, $old: Actor_Data @retired) @auth(level: PUBLIC) {
              movie(key: $key) { id } movies(where: $where) { id }
            }
            mutation Old($data: Actor_Data!) @retired { actor_insert(data: $data) }
            mutation Add($data: Movie_Data!) { movie_insert(data: $data) }
            """])
        let names = try XCTUnwrap(ir.connectors.first?.inputTypes.map(\.name))
        XCTAssertEqual(names.first, "Movie_Filter")
        XCTAssertLessThan(try XCTUnwrap(names.firstIndex(of: "String_Filter")), try XCTUnwrap(names.firstIndex(of: "Movie_Data")))
        XCTAssertFalse(names.contains("Movie_Key"))
        XCTAssertFalse(names.contains("Actor_Data"))
        XCTAssertEqual(Set(names).count, names.count)
    }

    func testRedactedAndConditionalFields() throws {
        let operation = try IRFixture.operation("""
        query Q($show: Boolean!) { movies @redact { id } actors { name @include(if: $show) ... @skip(if: $show) { id } } }
        """)
        XCTAssertEqual(operation.selection.map(\.isRedacted), [true, false])
        XCTAssertEqual(operation.selection[1].children.map(\.isConditional), [true, true])
        XCTAssertEqual(operation.selection[1].children.map(\.isRedacted), [false, false])
    }

    func testDiagnosticsAreAttachedToTheirOperation() throws {
        let (ir, diagnostics) = try IRFixture.build(["query A { movies { titel } }\nquery B { movies { id } }\nfragment Unused on Movie { id }"])
        let connector = try XCTUnwrap(ir.connectors.first)
        XCTAssertEqual(connector.operations.map { $0.diagnostics.map(\.message) }, [
            ["Cannot query field \"titel\" on type \"Movie\". Did you mean \"title\"?"], [],
        ])
        XCTAssertEqual(connector.diagnostics.map(\.message), ["Fragment \"Unused\" is never used."])
        XCTAssertEqual(diagnostics.count, 2)
        XCTAssertEqual(connector.operations[0].selection.first?.children.count, 0, "unknown fields are left out")
    }
}
