import Foundation
import Project
import XCTest
@testable import SwiftEmitter

/// Generated Swift text, for tests of one emitter rule: a declaration is cut out by its header
/// and compared with the Swift written in the test, ignoring layout (indentation, line breaks,
/// blank lines and the breaks inside brackets), so that a test fails only on the rule it shows.
struct SwiftSnippet: CustomStringConvertible {
    let text: String

    var description: String { text }

    /// Every file of the package generated from `schema` and `operations`, by path inside the
    /// package (`Sources/TestConnKeys.swift`, `Sources/Operations/QQuery.swift`, `Package.swift`, …);
    /// fails the test on any diagnostic.
    static func package(
        schema: String, operations: String = "", sdk: SwiftSDKConfig = .test(), file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String: SwiftSnippet] {
        let files = try Emit.files(schema: schema, operations: operations, sdk: sdk, file: file, line: line)
        return Dictionary(files.map { ($0.path, SwiftSnippet(text: $0.contents)) }, uniquingKeysWith: { first, _ in first })
    }

    /// All Swift files of a package in one text, in path order, so that a test can find a
    /// declaration without knowing which file holds it.
    static func swift(
        schema: String, operations: String = "", sdk: SwiftSDKConfig = .test(), file: StaticString = #filePath, line: UInt = #line
    ) throws -> SwiftSnippet {
        let files = try package(schema: schema, operations: operations, sdk: sdk, file: file, line: line)
        return SwiftSnippet(text: files.keys.sorted().filter { $0.hasSuffix(".swift") && $0 != "Package.swift" }
            .map { files[$0]!.text }.joined(separator: "\n"))
    }

    /// The first declaration whose first line holds `header` as whole words (`struct Variables`,
    /// `var movieKey`, `static let refresh`), with the doc comments and attributes above it and
    /// its body or the rest of its bracketed expression; nil when there is none.
    func declaration(_ header: String) -> SwiftSnippet? {
        guard let range = declarationLines(header) else { return nil }
        return SwiftSnippet(text: lines[range].joined(separator: "\n"))
    }

    /// The text without that declaration and the blank line after it.
    func removing(_ header: String) -> SwiftSnippet {
        guard var range = declarationLines(header) else { return self }
        if range.upperBound < lines.count, lines[range.upperBound].allSatisfy(\.isWhitespace) { range = range.lowerBound..<range.upperBound + 1 }
        var kept = lines
        kept.removeSubrange(range)
        return SwiftSnippet(text: kept.joined(separator: "\n"))
    }

    /// Whether the text holds `swift`, both read with `SwiftSnippet.layoutFree`.
    func contains(_ swift: String) -> Bool { Self.layoutFree(text).contains(Self.layoutFree(swift)) }

    /// The text as a single line: whitespace runs become one space, and none is left just inside
    /// brackets or before a comma.
    static func layoutFree(_ text: String) -> String {
        var result = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for (spaced, tight) in [("( ", "("), ("[ ", "["), (" )", ")"), (" ]", "]"), (" ,", ",")] {
            result = result.replacingOccurrences(of: spaced, with: tight)
        }
        return result
    }

    private var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    private func declarationLines(_ header: String) -> Range<Int>? {
        let lines = self.lines
        guard let first = lines.firstIndex(where: { Self.holds($0, header) }) else { return nil }
        var start = first
        while start > 0, Self.isPrefix(lines[start - 1]) { start -= 1 }
        var depth = 0
        var end = first
        while end < lines.count {
            depth += Self.bracketBalance(lines[end])
            end += 1
            if depth <= 0 { break }
        }
        return start..<end
    }

    /// Whether `line` belongs to the declaration below it: a doc comment or an attribute alone.
    private static func isPrefix(_ line: Substring) -> Bool {
        let words = line.split(separator: " ")
        return words.first == "///" || (words.count == 1 && words[0].hasPrefix("@"))
    }

    /// Whether `line` holds `header` with no identifier character just before or after it.
    private static func holds(_ line: Substring, _ header: String) -> Bool {
        var searchStart = line.startIndex
        while let found = line.range(of: header, range: searchStart..<line.endIndex) {
            let before = found.lowerBound == line.startIndex ? nil : line[line.index(before: found.lowerBound)]
            let after = found.upperBound == line.endIndex ? nil : line[found.upperBound]
            if !(before.map(isIdentifier) ?? false), !(after.map(isIdentifier) ?? false) { return true }
            searchStart = found.upperBound
        }
        return false
    }

    private static func isIdentifier(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

    /// Opening minus closing brackets of a line, outside string literals and comments.
    private static func bracketBalance(_ line: Substring) -> Int {
        HostileProjectEscapingTests.codeOutsideCommentsAndStrings(line).reduce(0) { balance, character in
            "{([".contains(character) ? balance + 1 : "})]".contains(character) ? balance - 1 : balance
        }
    }
}

/// Fails unless `actual` holds `expected`, both read with `SwiftSnippet.layoutFree`.
func XCTAssertSwift(
    _ actual: SwiftSnippet?, contains expected: String, file: StaticString = #filePath, line: UInt = #line
) {
    guard let actual else { return XCTFail("no such declaration; expected:\n\(expected)", file: file, line: line) }
    XCTAssertFalse(SwiftSnippet.layoutFree(expected).isEmpty, "an empty expectation holds everywhere", file: file, line: line)
    XCTAssertTrue(actual.contains(expected), "expected\n\(expected)\nin\n\(actual)", file: file, line: line)
}

/// Fails unless `actual` is `expected`, both read with `SwiftSnippet.layoutFree`.
func XCTAssertSwift(
    _ actual: SwiftSnippet?, equals expected: String, file: StaticString = #filePath, line: UInt = #line
) {
    guard let actual else { return XCTFail("no such declaration; expected:\n\(expected)", file: file, line: line) }
    XCTAssertEqual(SwiftSnippet.layoutFree(actual.text), SwiftSnippet.layoutFree(expected),
                   "expected\n\(expected)\ngot\n\(actual)", file: file, line: line)
}
