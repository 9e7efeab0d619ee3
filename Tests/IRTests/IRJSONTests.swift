import Diagnostics
import Foundation
import IR
import XCTest

final class IRJSONTests: XCTestCase {
    private func encoded() throws -> String {
        let (ir, diagnostics) = try IRFixture.build([
            "query ListMovies($limit: Int = 10) @auth(level: PUBLIC) { movies(limit: $limit) { id title } }",
            "mutation Bad { movie_insert(data: {titel: \"x\"}) }",
        ])
        return IRJSON.encode(ir, diagnostics: diagnostics, relativeTo: "/project")
    }

    func testShapeUsesTheOracleKeyNames() throws {
        let text = try encoded()
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let connector = try XCTUnwrap((root["connectors"] as? [[String: Any]])?.first)
        XCTAssertEqual(connector["connector_id"] as? String, "movies")
        let operations = try XCTUnwrap(connector["operations"] as? [[String: Any]])
        let list = operations[0]
        XCTAssertEqual(list["name"] as? String, "ListMovies")
        XCTAssertEqual(list["kind"] as? String, "query")
        XCTAssertEqual(list["file"] as? String, "connector/file0.gql")
        XCTAssertEqual(list["line"] as? Int, 1)
        let variable = try XCTUnwrap((list["variables"] as? [[String: Any]])?.first)
        XCTAssertEqual(variable["type"] as? String, "Int")
        XCTAssertEqual(variable["default"] as? String, "10")
        let field = try XCTUnwrap((list["selection"] as? [[String: Any]])?.first)
        XCTAssertEqual(field["response_key"] as? String, "movies")
        XCTAssertEqual(field["parent_type"] as? String, "Query")
        XCTAssertEqual(field["type"] as? String, "[Movie!]!")
        XCTAssertEqual(field["arguments"] as? [String], ["limit"])
        XCTAssertEqual((field["children"] as? [[String: Any]])?.map { $0["key_field"] as? Bool }, [true, false])
        let bad = try XCTUnwrap((operations[1]["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(bad["id"] as? String, DiagnosticID.valuesOfCorrectType.rawValue)
        XCTAssertEqual(bad["severity"] as? String, "error")
        XCTAssertEqual(bad["file"] as? String, "connector/file1.gql")
        XCTAssertEqual(bad["line"] as? Int, 1)
        XCTAssertEqual(bad["column"] as? Int, 36)
        XCTAssertEqual((root["diagnostics"] as? [Any])?.count, 1)
        let genre = try XCTUnwrap((root["enums"] as? [[String: Any]])?.first)
        XCTAssertEqual((genre["values"] as? [[String: Any]])?.map { $0["name"] as? String }, ["ACTION", "DRAMA"])
        XCTAssertEqual((root["key_types"] as? [[String: Any]])?.map { $0["table"] as? String }, ["Actor", "MovieActor", "Movie"])
        XCTAssertEqual((connector["input_types"] as? [Any])?.count, 0)
    }

    func testOutputIsDeterministic() throws {
        XCTAssertEqual(try encoded(), try encoded())
        XCTAssertTrue(try encoded().hasSuffix("}\n"))
    }

    func testStringsAreEscaped() throws {
        let (ir, diagnostics) = try IRFixture.build(["query Q @auth(expr: \"a == \\\"b\\\"\\n\") { movies { id } }"])
        let text = IRJSON.encode(ir, diagnostics: diagnostics)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(text.utf8)))
        XCTAssertTrue(text.contains(#""expr": "a == \"b\"\n""#))
    }
}
