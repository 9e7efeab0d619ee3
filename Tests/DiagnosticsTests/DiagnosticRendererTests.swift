import Diagnostics
import XCTest

final class DiagnosticRendererTests: XCTestCase {
    private let file = SourceFile(path: "/work/app/connector/queries.gql", text: "query Q {\n  movies { titel }\n}\n")

    private func diagnostic(_ offsets: Range<Int>, _ message: String) -> Diagnostic {
        .error(message, in: file, at: SourceRange(file: file, offsets: offsets))
    }

    func testHeaderExcerptAndCaret() {
        let renderer = DiagnosticRenderer(currentDirectory: "/work/app")
        let text = renderer.render(diagnostic(21..<26, #"Cannot query field "titel" on type "Movie"."#))
        XCTAssertEqual(text, """
            connector/queries.gql:2:12: error: Cannot query field "titel" on type "Movie".
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
        collector.append(.warning("first", in: file, at: SourceRange(file: file, offsets: 0..<5)))
        collector.append(diagnostic(12..<18, "middle"))
        XCTAssertEqual(collector.summary, "2 errors, 1 warning")
        XCTAssertEqual(collector.sorted.map(\.message), ["first", "middle", "second"])
        XCTAssertEqual(DiagnosticRenderer().render(collector)?.split(separator: "\n").last, "2 errors, 1 warning")
        XCTAssertNil(DiagnosticRenderer().render(DiagnosticCollector()))
    }

    func testRelativePaths() {
        XCTAssertEqual(RelativePath.display("/a/b/c.gql", from: "/a"), "b/c.gql")
        XCTAssertEqual(RelativePath.display("/a/b/c.gql", from: "/a/d"), "../b/c.gql")
        XCTAssertEqual(RelativePath.display("/x/y/z/c.gql", from: "/x/a/b/c"), "/x/y/z/c.gql")
        XCTAssertEqual(RelativePath.display("rel/c.gql", from: "/a"), "rel/c.gql")
        XCTAssertEqual(RelativePath.display("/a/./b/../c.gql", from: "/a"), "c.gql")
        XCTAssertEqual(RelativePath.path("/x/y/z", relativeTo: "/x/a/b/c"), "../../../y/z")
        XCTAssertEqual(RelativePath.path("/x/y", relativeTo: "/x/y"), ".")
        XCTAssertEqual(RelativePath.path("/x/y/../z", relativeTo: "/x"), "z")
    }
}
