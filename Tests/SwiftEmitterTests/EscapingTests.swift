import TestSupport
import Project
import XCTest
@testable import SwiftEmitter

/// The one escaping per context of project text in generated files (issue #21): comments,
/// string literals and Markdown, for every line terminator and every class of invisible character.
final class EscapingTests: XCTestCase {
    /// Every line break a Swift lexer or an editor recognises.
    static let lineBreaks = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
    /// Characters that are not line breaks but are invisible or confuse the lexer or a reader:
    /// NUL, C0 controls, DEL, C1 controls, bidirectional overrides and isolates.
    static let invisibles: [(Character, String)] = [
        ("\u{0}", "\\u{0}"), ("\u{7}", "\\u{7}"), ("\u{1B}", "\\u{1B}"), ("\u{7F}", "\\u{7F}"), ("\u{9B}", "\\u{9B}"),
        ("\u{202E}", "\\u{202E}"), ("\u{2066}", "\\u{2066}"),
    ]

    func testEveryLineBreakStartsANewCommentLine() {
        for lineBreak in Self.lineBreaks {
            var writer = SwiftWriter()
            writer.doc("A.\(lineBreak)public let injected = 42 //")
            writer.comment("B.\(lineBreak)public let injected = 42")
            XCTAssertEqual(writer.text, "/// A.\n/// public let injected = 42 //\n// B.\n// public let injected = 42\n",
                           "\(Array(lineBreak.unicodeScalars))")
        }
    }

    func testInvisibleCharactersInCommentsAreSpelledOut() {
        for (character, spelled) in Self.invisibles {
            var writer = SwiftWriter()
            writer.doc("A\(character)B")
            writer.comment("\(character)")
            XCTAssertEqual(writer.text, "/// A\(spelled)B\n// \(spelled)\n", spelled)
        }
        var writer = SwiftWriter()
        writer.doc("Tabs\tstay, as do é, 日本 and emoji 🎬.")
        XCTAssertEqual(writer.text, "/// Tabs\tstay, as do é, 日本 and emoji 🎬.\n")
    }

    func testStringLiteralsEscapeEveryLineBreakAndInvisibleCharacter() {
        XCTAssertEqual(SwiftLiteral.string("a\r\nb"), "\"a\\r\\nb\"")
        for (text, literal) in [("\u{0B}", "\\u{B}"), ("\u{0C}", "\\u{C}"), ("\u{85}", "\\u{85}"), ("\u{2028}", "\\u{2028}"), ("\u{2029}", "\\u{2029}")] {
            XCTAssertEqual(SwiftLiteral.string("a\(text)b"), "\"a\(literal)b\"", literal)
        }
        for (character, spelled) in Self.invisibles where character != "\u{0}" {
            XCTAssertEqual(SwiftLiteral.string("a\(character)b"), "\"a\(spelled)b\"", spelled)
        }
        XCTAssertEqual(SwiftLiteral.string("\0"), "\"\\0\"")
        XCTAssertEqual(SwiftLiteral.string("\"); public let injected = (\""), "\"\\\"); public let injected = (\\\"\"")
        XCTAssertEqual(SwiftLiteral.string("é 日本 🎬"), "\"é 日本 🎬\"")
    }

    func testMarkdownKeepsDescriptionsInsideTheirParagraph() {
        XCTAssertEqual(MarkdownText.lines("  Lists *movies*, [docs](https://x.dev) and `code`.\n\n- one\n- two  \n"),
                       ["  Lists *movies*, [docs](https://x.dev) and `code`.", "", "- one", "- two"])
        XCTAssertEqual(MarkdownText.lines("```\nx\n  ~~~swift"), ["\\```", "x", "  \\~~~swift"])
        XCTAssertEqual(MarkdownText.lines("# Mutations\r## Evil\u{2028}Title\n===\n - - \n-"),
                       ["\\# Mutations", "\\## Evil", "Title", "\\===", " \\- -", "\\-"])
        XCTAssertEqual(MarkdownText.lines("---\n\nText\n    # indented code"), ["---", "", "Text", "    # indented code"],
                       "a thematic break and indented lines start nothing that reaches beyond the description")
    }

    /// A closed fence is kept as written, its lines included; an unclosed one is escaped, and
    /// the lines after it are read as text.
    func testMarkdownKeepsClosedFencesOnly() {
        XCTAssertEqual(MarkdownText.lines("Example:\n```graphql\nquery Q { a<b }\n# not a heading\n````\nAfter <b>"),
                       ["Example:", "```graphql", "query Q { a<b }", "# not a heading", "````", "After &lt;b>"])
        XCTAssertEqual(MarkdownText.lines("~~~\n```\n# x\n~~"), ["\\~~~", "\\```", "\\# x", "~~"])
        XCTAssertEqual(MarkdownText.lines("``` a`b\n```"), ["\\``` a`b", "\\```"], "backticks in the info string open no fence")
        XCTAssertEqual(MarkdownText.lines("<!-- hides the rest\n<script>x</script>"), ["&lt;!-- hides the rest", "&lt;script>x&lt;/script>"])
        XCTAssertEqual(MarkdownText.lines("a\u{1B}[2Jb"), ["a\\u{1B}[2Jb"])
    }
}

/// Whole packages generated from hostile descriptions and connector identities: no text from the
/// project becomes a line of code, or Markdown structure, whatever character it carries.
final class HostileProjectEscapingTests: XCTestCase {
    /// The GraphQL spelling of each line break of `EscapingTests.lineBreaks`, and of the invisible
    /// characters.
    static let graphQLBreaks = ["\\n", "\\r", "\\r\\n", "\\u000B", "\\u000C", "\\u0085", "\\u2028", "\\u2029"]
    static let graphQLInvisibles = "\\u0000\\u0007\\u001B[2J\\u007F\\u009B\\u202E\\u2066"

    /// A description that, left as it is, ends the comment or README paragraph holding it and
    /// declares `injected`.
    static func hostile(_ lineBreak: String) -> String {
        "\"Text\(lineBreak)public let injected = 42 //\(lineBreak)# injected\(lineBreak)```\(lineBreak)<!-- injected"
            + "\(graphQLInvisibles)\(lineBreak)\\\"); let injected = (\\\"\""
    }

    static func schema(_ d: String) -> String {
        """
        \(d) type Movie @table { \(d) title: String! \(d) genre: Genre }
        \(d) enum Genre { \(d) DRAMA \(d) COMEDY }
        """
    }

    static func operations(_ d: String) -> String {
        """
        \(d) query ListMovies($genre: Genre) @auth(level: PUBLIC) { movies(where: {genre: {eq: $genre}}) { title genre } }
        \(d) mutation AddMovie($title: String!) @auth(level: PUBLIC) { movie_insert(data: {title: $title}) }
        """
    }

    func testNoDescriptionOrIdentityBecomesCode() throws {
        for lineBreak in Self.graphQLBreaks {
            let d = Self.hostile(lineBreak)
            let (files, errors) = try Emit.run(schema: Self.schema(d), operations: Self.operations(d), connector: Self.identity)
            XCTAssertEqual(errors, [], lineBreak)
            XCTAssertFalse(files.isEmpty)
            var sawDescription = false
            for (name, text) in files where name.hasSuffix(".swift") {
                for line in Self.physicalLines(text) {
                    let code = Self.codeOutsideCommentsAndStrings(line)
                    XCTAssertFalse(code.contains("injected"), "\(name), break \(lineBreak): \(line)")
                    XCTAssertFalse(line.unicodeScalars.contains(where: SwiftLiteral.isInvisible), "\(name): \(line)")
                    sawDescription = sawDescription || line.hasSuffix("/// public let injected = 42 //")
                }
            }
            XCTAssertTrue(sawDescription, "descriptions reach the Swift files")
            let readme = try XCTUnwrap(files["README.md"])
            for line in Self.physicalLines(readme) where line.contains("injected") {
                let start = line.drop { $0 == " " }
                XCTAssertFalse(start.hasPrefix("#") || start.hasPrefix("```") || line.contains("<"), "README: \(line)")
            }
            XCTAssertEqual(readme.components(separatedBy: "```").count % 2, 1, "README fences stay paired")
            XCTAssertTrue(readme.hasPrefix("<!-- Code generated by sdkgen. DO NOT EDIT. -->\n"), "the ownership marker stays first")
        }
    }

    /// One package whose descriptions hold every line break and invisible character, and whose
    /// connector identity holds line breaks and quotes: `GeneratedPackageCompileTests` builds it.
    static func compiledPackage(_ sdk: SwiftSDKConfig) throws -> [GeneratedSwiftFile] {
        let d = graphQLBreaks.map(hostile).joined(separator: " ").replacingOccurrences(of: "\" \"", with: "\\n")
        let schema = try Emit.schema(Self.schema(d))
        let (ir, validation) = try Emit.ir(operations(d), schema: schema, connector: identity)
        XCTAssertEqual(validation.filter { $0.severity == .error }.map(\.message), [])
        let (files, diagnostics) = Emit.emit(sdk, ir)
        XCTAssertEqual(diagnostics.map(\.message), [])
        return files
    }

    static let identity = ConnectorIdentity(connectorId: "test-conn", serviceId: "svc\rpublic let injected = 42 //",
                                            location: "us\u{2028}\u{0}\"); let injected = (\"")

    /// Lines as Swift's lexer ends them: at LF, CR and CRLF.
    static func physicalLines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    }

    /// The part of a line that is code: everything before a `//` and outside string literals.
    static func codeOutsideCommentsAndStrings(_ line: Substring) -> String {
        var code = ""
        var inString = false
        var escaped = false
        var previous: Character?
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                code.removeLast()
                break
            } else {
                code.append(character)
            }
            previous = inString ? nil : character
        }
        return code
    }
}
