import TestSupport
import Diagnostics
import GraphQL
import Schema
import XCTest
@testable import Validation

/// A small synthesized schema and helpers to validate operation text against it.
enum Fixture {
    static let sdl = """
    enum Genre { ACTION DRAMA }
    type Movie @table {
      title: String!
      releaseYear: Int
      genre: Genre
      rating: Float
      tags: [String]
      createdAt: Timestamp
      releaseDate: Date
      budget: Int64
      meta: Any
    }
    type Actor @table { name: String! }
    type MovieActor @table(key: ["movie", "actor"]) { movie: Movie!  actor: Actor!  role: String }
    type Review @table { movie: Movie!  text: String }
    """

    static let schema: Schema = {
        let document = try? Parser.parseDocument(SourceFile(path: "schema/schema.gql", text: sdl))
        return collecting { SchemaBuilder.build(userSchema: document.map { [$0] } ?? [], diagnostics: &$0) }.0 ?? Schema()
    }()

    /// Diagnostics for `texts` (one file each) from every rule, or from only the rules given.
    static func diagnostics(
        _ texts: [String], rules: [@Sendable () -> any ValidationRule]? = nil, crossOperationRules: [any CrossOperationRule]? = nil
    ) -> [Diagnostic] {
        let documents = texts.enumerated().compactMap { index, text in
            try? Parser.parseDocument(SourceFile(path: "connector/file\(index).gql", text: text))
        }
        XCTAssertEqual(documents.count, texts.count, "fixture must parse")
        guard rules != nil || crossOperationRules != nil else { return Validator.validate(documents, schema: schema) }
        return Validator.validate(documents, schema: schema, rules: rules ?? [], crossOperationRules: crossOperationRules ?? [])
    }

    static func messages(_ text: String, _ rule: @escaping @Sendable () -> any ValidationRule) -> [String] {
        diagnostics([text], rules: [rule]).map(\.message)
    }
}

/// Assertions shared by the rule tests.
class RuleTestCase: XCTestCase {
    func assertValid(_ text: String, _ rule: @escaping @Sendable () -> any ValidationRule, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Fixture.messages(text, rule), [], file: file, line: line)
    }

    func assertMessages(_ text: String, _ rule: @escaping @Sendable () -> any ValidationRule, _ expected: [String],
                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Fixture.messages(text, rule), expected, file: file, line: line)
    }

    /// Checks each diagnostic's message and where it points, as `"line:column message"` (the start
    /// of the reported node), in the order the rule reports them.
    func assertLocated(_ text: String, _ rule: @escaping @Sendable () -> any ValidationRule, _ expected: [String],
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Self.located(Fixture.diagnostics([text], rules: [rule])), expected, file: file, line: line)
    }

    func assertLocated(_ text: String, _ rule: any CrossOperationRule, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Self.located(Fixture.diagnostics([text], crossOperationRules: [rule])), expected, file: file, line: line)
    }

    private static func located(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { diagnostic in (diagnostic.span?.range.map { "\($0.start) " } ?? "") + diagnostic.message }
    }
}
