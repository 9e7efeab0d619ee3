import Diagnostics
import TestSupport
import XCTest

final class DiagnosticRendererTests: XCTestCase {
    private let file = SourceFile(path: "/work/app/connector/queries.gql", text: "query Q {\n  movies { titel }\n}\n")

    private func diagnostic(_ offsets: Range<Int>, _ message: String) -> Diagnostic {
        .error(.fieldsOnCorrectType, message, in: file, at: SourceRange(file: file, offsets: offsets))
    }

    func testHeaderExcerptAndCaret() {
        let renderer = DiagnosticRenderer(currentDirectory: "/work/app")
        let text = renderer.render(diagnostic(21..<26, #"Cannot query field "titel" on type "Movie"."#))
        XCTAssertEqual(text, """
            connector/queries.gql:2:12: error: Cannot query field "titel" on type "Movie". [validation.fields-on-correct-type]
                2 |   movies { titel }
                  |            ^~~~~
            """)
    }

    func testNotesWithAndWithoutLocation() {
        var error = diagnostic(21..<26, "bad")
        error.notes = [.init("did you mean \"title\"?"), .init("declared here", span: SourceSpan(file: file, range: nil))]
        let text = DiagnosticRenderer(currentDirectory: "/elsewhere").render(error)
        XCTAssertEqual(text.split(separator: "\n").last, "/work/app/connector/queries.gql: note: declared here")
        XCTAssertTrue(text.contains("\nnote: did you mean \"title\"?\n"))
    }

    func testColorOnlyWhenAsked() {
        let plain = DiagnosticRenderer().render(diagnostic(0..<5, "x"))
        let colored = DiagnosticRenderer(useColor: true).render(diagnostic(0..<5, "x"))
        XCTAssertFalse(plain.contains("\u{1B}["))
        XCTAssertTrue(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }

    func testSummaryCountsAndOrdersByPosition() {
        var collector = DiagnosticCollector()
        collector.append(diagnostic(21..<26, "second"))
        collector.append(.warning(.graphqlSyntax, "first", in: file, at: SourceRange(file: file, offsets: 0..<5)))
        collector.append(diagnostic(12..<18, "middle"))
        XCTAssertEqual(collector.summary, "2 errors, 1 warning")
        XCTAssertEqual(DiagnosticCollector.ordered(collector.diagnostics).map(\.message), ["first", "middle", "second"])
        XCTAssertEqual(DiagnosticRenderer().render(collector)?.split(separator: "\n").last, "2 errors, 1 warning")
        XCTAssertNil(DiagnosticRenderer().render(DiagnosticCollector()))
    }

    func testLongLineIsCutAroundTheCaret() {
        let line = String(repeating: "a", count: 1_000) + "titel" + String(repeating: "b", count: 1_000)
        let long = SourceFile(path: "q.gql", text: "query Q {\n" + line + "\n}\n")
        let start = 10 + 1_000
        let text = DiagnosticRenderer().render(.error(.graphqlSyntax, "bad", in: long, at: SourceRange(file: long, offsets: start..<start + 5)))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[1], "    2 | …" + String(repeating: "a", count: 100) + "titel" + String(repeating: "b", count: 95) + "…")
        XCTAssertEqual(lines[2], "      |  " + String(repeating: " ", count: 100) + "^~~~~")
    }

    func testLineCutOnOneSideOnlyAndUnderlineClipped() {
        let line = "x " + String(repeating: "é", count: 500)
        let long = SourceFile(path: "q.gql", text: line)
        let text = DiagnosticRenderer().render(.error(.graphqlSyntax, "bad", in: long, at: SourceRange(file: long, offsets: 2..<line.utf8.count)))
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[1], "    1 | x " + String(repeating: "é", count: 198) + "…")
        XCTAssertEqual(lines[2], "      |   ^" + String(repeating: "~", count: 197))
    }

    /// Every diagnostic on one 50 MB line: each excerpt costs its window, not the line.
    func testManyDiagnosticsOnAHugeLine() {
        let huge = SourceFile(path: "q.gql", bytes: [UInt8](repeating: 0x61, count: 50_000_000))
        var collector = DiagnosticCollector()
        for index in 0..<200 { collector.append(.error(.graphqlSyntax, "bad", in: huge, at: SourceRange(file: huge, offsets: index * 10..<index * 10 + 1))) }
        let all = collector
        let text = Watchdog.run(seconds: 30) { DiagnosticRenderer().render(all) ?? "" } ?? ""
        XCTAssertLessThan(text.utf8.count, 200 * 500)
    }

    func testOnlyTheFirstDiagnosticsArePrinted() {
        var collector = DiagnosticCollector()
        for index in 0..<250 { collector.append(diagnostic(21..<26, "error \(index)")) }
        for index in 0..<3 { collector.append(.warning(.graphqlSyntax, "warning \(index)", in: file, at: SourceRange(file: file, offsets: 30..<31))) }
        let lines = DiagnosticRenderer().render(collector)?.split(separator: "\n").map(String.init) ?? []
        XCTAssertEqual(lines.filter { $0.contains(": error: ") }.count, 200)
        XCTAssertEqual(lines.suffix(2), ["and 50 more errors, 3 more warnings not shown", "250 errors, 3 warnings"])
    }

    func testRelativePaths() {
        XCTAssertEqual(RelativePath.display("/a/b/c.gql", from: "/a"), "b/c.gql")
        XCTAssertEqual(RelativePath.display("/home/app/c.gql", from: "/home/other"), "../app/c.gql")
        // Not shorter: `../b/c.gql` is as long as the absolute path, `../../sdkgen-tests-1/x` longer.
        XCTAssertEqual(RelativePath.display("/a/b/c.gql", from: "/a/d"), "/a/b/c.gql")
        XCTAssertEqual(RelativePath.display("/tmp/sdkgen-tests-1/x", from: "/tmp/clone/sdkgen"), "/tmp/sdkgen-tests-1/x")
        XCTAssertEqual(RelativePath.display("/x/y/z/c.gql", from: "/x/a/b/c"), "/x/y/z/c.gql")
        XCTAssertEqual(RelativePath.display("rel/c.gql", from: "/a"), "rel/c.gql")
        XCTAssertEqual(RelativePath.display("/a/./b/../c.gql", from: "/a"), "c.gql")
        XCTAssertEqual(RelativePath.path("/x/y/z", relativeTo: "/x/a/b/c"), "../../../y/z")
        XCTAssertEqual(RelativePath.path("/x/y", relativeTo: "/x/y"), ".")
        XCTAssertEqual(RelativePath.path("/x/y/../z", relativeTo: "/x"), "z")
    }
}
