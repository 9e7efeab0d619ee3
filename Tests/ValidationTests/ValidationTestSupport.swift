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

    /// Diagnostics for `text` (one file, or several separated by `# file: name` lines), with `rules`.
    static func diagnostics(_ texts: [String], rules: [@Sendable () -> any ValidationRule] = Validator.allRules) -> [Diagnostic] {
        let documents = texts.enumerated().compactMap { index, text in
            try? Parser.parseDocument(SourceFile(path: "connector/file\(index).gql", text: text))
        }
        XCTAssertEqual(documents.count, texts.count, "fixture must parse")
        return Validator.validate(documents, schema: schema, rules: rules)
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
        let found = Fixture.diagnostics([text], rules: [rule]).map { diagnostic in
            (diagnostic.span?.range.map { "\($0.start) " } ?? "") + diagnostic.message
        }
        XCTAssertEqual(found, expected, file: file, line: line)
    }
}
