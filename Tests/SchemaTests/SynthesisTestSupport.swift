import TestSupport
import Diagnostics
import GraphQL
import XCTest
@testable import Schema

/// Builds schemas from SDL text for tests.
enum Synthesize {
    static func documents(_ files: [String: String]) throws -> [Document] {
        try files.keys.sorted().map { path in
            try Parser.parseDocument(SourceFile(path: path, text: files[path] ?? ""))
        }
    }

    static func result(_ sdl: String) throws -> (Schema?, [Diagnostic]) {
        try collecting { SchemaBuilder.build(userSchema: try documents(["schema.gql": sdl]), diagnostics: &$0) }
    }

    /// The schema for `sdl`; fails the test when synthesis reports errors.
    static func schema(_ sdl: String, file: StaticString = #filePath, line: UInt = #line) throws -> Schema {
        let (schema, diagnostics) = try result(sdl)
        let errors = diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.description), [], file: file, line: line)
        return try XCTUnwrap(schema, file: file, line: line)
    }

    /// Error messages for `sdl`; fails the test when a schema was produced.
    static func errors(_ sdl: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Diagnostic] {
        let (schema, diagnostics) = try result(sdl)
        XCTAssertNil(schema, "a schema with errors must not produce a schema", file: file, line: line)
        return DiagnosticCollector.ordered(diagnostics.filter { $0.severity == .error })
    }
}

extension SchemaField {
    /// `(a: T = d, b: U): R`, for comparing signatures.
    var signature: String {
        let arguments = self.arguments.map { argument in
            "\(argument.name): \(argument.type)" + (argument.defaultValue.map { " = \($0)" } ?? "")
        }
        return (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")") + ": \(type)"
    }
}

extension Schema {
    /// Input field name → type text of input type `name`.
    func inputFields(_ name: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (type(named: name)?.inputFields ?? []).map { ($0.name, $0.type.description) })
    }

    func signature(_ field: String, on type: String) -> String? { self.field(field, on: type)?.signature }
}
