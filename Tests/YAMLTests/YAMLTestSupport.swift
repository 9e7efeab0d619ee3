import Diagnostics
import XCTest
@testable import YAML

/// Parses `text` as `test.yaml`.
func parseYAML(_ text: String) throws -> YAMLNode? {
    try YAMLParser.parse(SourceFile(path: "test.yaml", text: text))
}

/// A compact rendering of a node tree: scalars quoted, empty values as `~`.
func render(_ node: YAMLNode?) -> String {
    guard let node else { return "<none>" }
    switch node.kind {
    case .null: return "~"
    case .scalar(let scalar): return scalar.text.debugDescription
    case .sequence(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
    case .mapping(let entries):
        return "{" + entries.map { "\($0.key.text.debugDescription): \(render($0.value))" }.joined(separator: ", ") + "}"
    }
}

/// The diagnostics `text` fails with, as `line:col: message` strings.
func yamlErrors(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    yamlErrors(bytes: Array(text.utf8), file: file, line: line)
}

/// The diagnostics the file holding `bytes` fails with, as `line:col: message` strings.
func yamlErrors(bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [String] {
    do {
        let node = try YAMLParser.parse(SourceFile(path: "test.yaml", bytes: bytes))
        XCTFail("expected an error, parsed \(render(node))", file: file, line: line)
        return []
    } catch let error as DiagnosticError {
        return error.diagnostics.map { diagnostic in
            let start = diagnostic.span?.range?.start
            return "\(start?.line ?? 0):\(start?.column ?? 0): \(diagnostic.message)"
        }
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
        return []
    }
}
