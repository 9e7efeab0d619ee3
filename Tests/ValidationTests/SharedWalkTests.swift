import Diagnostics
import GraphQL
import Schema
import XCTest
@testable import Validation

/// Connectors without fragments are validated in shares of operations on several processors; the
/// diagnostics must be exactly those of one walk over everything, in the same order. The rules
/// that compare operations are `CrossOperationRule`s, which see every operation whatever the shares.
final class SharedWalkTests: XCTestCase {
    /// Operations with errors of every kind that depends on more than one node: duplicate names
    /// across shares, an anonymous operation among others, undefined and unused variables, unknown
    /// fields and arguments, wrong values, a non-executable definition.
    private static func connector(operations: Int) -> [String] {
        var queries = "type NotExecutable { id: ID }\n{ movies { title } }\n"
        var mutations = ""
        for index in 0..<operations {
            switch index % 6 {
            case 0: queries += "query Same { movies { title } }\n"
            case 1: queries += "query Q\(index)($unused: Int) { movies(limit: $limit) { title nope } }\n"
            case 2: queries += "query Q\(index)($year: String) { movies(where: {releaseYear: {eq: $year}}) { title } }\n"
            case 3: mutations += "mutation M\(index) { movie_insert(data: {title: 3, wrong: true}) }\n"
            case 4: mutations += "mutation M\(index)($id: UUID!) { movie_delete(id: $id) movie_update(id: $id, data: {rating: \"x\"}) }\n"
            default: queries += "query Q\(index) @auth(level: NOBODY) { movie(id: 1) { title genre { x } } }\n"
            }
        }
        return [queries, mutations]
    }

    private static func documents(_ texts: [String]) throws -> [Document] {
        try texts.enumerated().map { try Parser.parseDocument(SourceFile(path: "connector/file\($0.offset).gql", text: $0.element)) }
    }

    func testSharesReportWhatOneWalkReports() throws {
        let documents = try Self.documents(Self.connector(operations: 120))
        let whole = Validator.validate(documents, schema: Fixture.schema, processors: 1)
        let shared = Validator.validate(documents, schema: Fixture.schema, processors: 4)
        XCTAssertGreaterThan(whole.count, 100, "the fixture should produce many diagnostics")
        XCTAssertTrue(whole.contains { $0.message.contains("only one operation named \"Same\"") })
        XCTAssertTrue(whole.contains { $0.message.contains("anonymous operation") })
        XCTAssertEqual(shared, whole)
    }

    /// With fragments the operations are tied together, so one walk does everything.
    func testFragmentsAreValidatedInOneWalk() throws {
        var texts = Self.connector(operations: 60)
        texts[0] += "fragment Unused on Movie { title }\nquery WithSpread { movies { ...Missing } }\n"
        let documents = try Self.documents(texts)
        let whole = Validator.validate(documents, schema: Fixture.schema, processors: 1)
        XCTAssertTrue(whole.contains { $0.message.contains("Unused") })
        XCTAssertEqual(Validator.validate(documents, schema: Fixture.schema, processors: 4), whole)
    }
}
