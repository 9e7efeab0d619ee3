import XCTest

/// The helper of the snippet tests: what it cuts out and what it ignores.
final class SwiftSnippetTests: XCTestCase {
    private let source = SwiftSnippet(text: """
        public struct Outer {
            /// Doc.
            @MainActor
            public func f(
                a: Int
            ) -> String {
                "}) // not a comment"  // a comment with an unmatched (
            }

            public var fx: Int
            public var f2: Int { 2 }
        }

        public struct OuterKey {}
        """)

    func testADeclarationRunsFromItsDocCommentToItsClosingBracket() throws {
        XCTAssertEqual(source.declaration("func f")?.text, """
                /// Doc.
                @MainActor
                public func f(
                    a: Int
                ) -> String {
                    "}) // not a comment"  // a comment with an unmatched (
                }
            """)
        XCTAssertEqual(source.declaration("var fx")?.text, "    public var fx: Int")
        XCTAssertEqual(source.declaration("struct OuterKey")?.text, "public struct OuterKey {}")
        XCTAssertEqual(source.declaration("struct Outer")?.declaration("var f2")?.text, "    public var f2: Int { 2 }")
        XCTAssertNil(source.declaration("var f"), "a header matches whole words only")
    }

    func testRemovingTakesTheBlankLineAfterTheDeclaration() {
        XCTAssertEqual(source.removing("func f").declaration("struct Outer")?.text, """
            public struct Outer {
                public var fx: Int
                public var f2: Int { 2 }
            }
            """)
        XCTAssertEqual(source.removing("var nothing").text, source.text)
    }

    func testLayoutIsIgnoredButNotTheCode() {
        XCTAssertTrue(source.contains("public var fx: Int public var f2: Int { 2 }"))
        XCTAssertTrue(source.contains("public func f(a: Int) -> String {"))
        XCTAssertFalse(source.contains("public func f(a: Int) -> Int {"))
        XCTAssertEqual(SwiftSnippet.layoutFree("f(\n    a,\n    b\n)\n\n[ 1 ]"), "f(a, b) [1]")
    }
}
