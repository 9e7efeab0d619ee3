import XCTest
@testable import SDKGenDataConnect

/// The CEL subset of `@refresh` conditions: parsing, evaluation, and failure on anything else.
final class CELTests: XCTestCase {
    private let bindings: [String: JSONValue] = [
        "request": .object([
            "variables": .object(["id": .string("b7acd615114048f6a52226260d5c9367"), "limit": .int(10), "tags": .array([.string("a")])]),
            "auth": .object(["uid": .string("u1")]),
        ]),
        "mutation": .object([
            "variables": .object([
                "movieId": .string("B7ACD615-1140-48F6-A522-26260D5C9367"), "count": .string("9223372036854775807"),
                "status": .string("PUBLISHED"), "rating": .double(4.5), "isPublic": .bool(true), "nothing": .null,
            ]),
            "auth": .object(["uid": .string("u1")]),
        ]),
    ]

    private func evaluate(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Result<JSONValue, CELFailure> {
        CELParser.parse(text).flatMap { CELEvaluator(bindings: bindings).evaluate($0) }
    }

    private func assertValue(_ text: String, _ expected: JSONValue, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(evaluate(text), .success(expected), text, file: file, line: line)
    }

    private func assertUnsupported(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .failure(.unsupported) = CELParser.parse(text) else {
            return XCTFail("\(text) parsed as \(CELParser.parse(text))", file: file, line: line)
        }
    }

    private func assertError(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .failure(.error) = evaluate(text) else {
            return XCTFail("\(text) evaluated to \(evaluate(text))", file: file, line: line)
        }
    }

    func testParsesThePrecedenceOfCEL() {
        XCTAssertEqual(CELParser.parse("a || b && !c == d"), .success(.binary(
            .or, .identifier("a"), .binary(.and, .identifier("b"), .binary(.equal, .not(.identifier("c")), .identifier("d"))))))
        XCTAssertEqual(CELParser.parse("has(a.b) && x['k'][0].size() in [1, -2.5, \"s\", null]"), .success(.binary(
            .and, .has(.identifier("a"), "b"),
            .binary(.in, .size(.index(.index(.identifier("x"), .literal(.string("k"))), .literal(.int(0)))),
                    .list([.literal(.int(1)), .negate(.literal(.double(2.5))), .literal(.string("s")), .literal(.null)])))))
    }

    func testFieldAccessAndComparisons() {
        assertValue("request.auth.uid == mutation.auth.uid && mutation.variables.status == 'PUBLISHED'", .bool(true))
        assertValue("mutation.variables.isPublic == true", .bool(true))
        assertValue("mutation.variables.status != \"DRAFT\"", .bool(true))
        assertValue("request.variables.limit < 11 && request.variables.limit <= 10 && request.variables.limit >= 10", .bool(true))
        assertValue("request.variables.limit > 10", .bool(false))
        assertValue("mutation.variables.rating > 4", .bool(true))
        assertValue("'abc' < 'abd'", .bool(true))
        assertValue("request.variables['limit'] == 10.0", .bool(true))
        assertValue("mutation.variables.nothing == null", .bool(true))
        assertValue("!(1 == 2)", .bool(true))
    }

    func testWireFormsCompareEqual() {
        // UUIDs travel without dashes and Int64s as strings.
        assertValue("mutation.variables.movieId == request.variables.id", .bool(true))
        assertValue("mutation.variables.count == 9223372036854775807", .bool(true))
        assertValue("mutation.variables.count > 9223372036854775806", .bool(true))
        assertValue("mutation.variables.count == 9223372036854775806", .bool(false))
    }

    func testInHasAndSize() {
        assertValue("'a' in request.variables.tags", .bool(true))
        assertValue("mutation.variables.status in ['DRAFT', 'PUBLISHED']", .bool(true))
        assertValue("'limit' in request.variables", .bool(true))
        assertValue("has(request.variables.limit)", .bool(true))
        assertValue("has(request.variables.offset)", .bool(false))
        assertValue("size(request.variables.tags) == 1 && request.variables.tags.size() == 1", .bool(true))
        assertValue("size('héllo')", .int(5))
    }

    func testOrAndAbsorbErrorsLikeCEL() {
        assertValue("true || request.variables.missing == 1", .bool(true))
        assertValue("request.variables.missing == 1 || true", .bool(true))
        assertValue("false && request.variables.missing == 1", .bool(false))
        assertValue("request.variables.missing == 1 && false", .bool(false))
        assertError("request.variables.missing == 1 && true")
        assertError("request.variables.missing == 1 || false")
    }

    func testRuntimeErrors() {
        assertError("request.variables.missing")
        assertError("unknown.field")
        assertError("request.variables.limit.field")
        assertError("request.variables.tags[5]")
        assertError("request.variables.tags['x']")
        assertError("'a' < 1")
        assertError("!request.variables.limit")
        assertError("1 && true")
        assertError("has(request.variables.limit.x)")
        assertError("size(true)")
        assertError("1 in 2")
    }

    func testConstructsOutsideTheSubsetAreUnsupported() {
        for text in [
            "a + b", "a * 2", "a ? b : c", "a.startsWith('x')", "matches(a, 'x')", "{'a': 1}", "a.all(x, x > 0)",
            "has(a)", "1u == 1", "0x10 == 16", "b'bytes'", "r'raw'", "'''triple'''", "a =", "a = b", "a.", "a[1",
            "(a", "a)", "", "  ", "[1, 2", "'unterminated", "'bad \\q escape'", "a # b", "1e", "a..b", "has(a.b",
        ] {
            assertUnsupported(text)
        }
    }

    func testMalformedInputNeverCrashes() {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        XCTAssertEqual(CELParser.parse(deep), .failure(.unsupported("the condition nests too deeply")))
        XCTAssertEqual(CELParser.parse(String(repeating: "!", count: 10_000) + "true"), .failure(.unsupported("the condition nests too deeply")))
        XCTAssertEqual(CELParser.parse(String(repeating: "a[", count: 5_000)), .failure(.unsupported("the condition nests too deeply")))
        guard case .success(.literal(.double))? = Optional(CELParser.parse("99999999999999999999999")) else {
            return XCTFail("an integer beyond Int64 is read as a double")
        }
        assertError("-true")
        // Every prefix of a valid condition parses or fails, without trapping.
        let condition = "request.auth.uid == mutation.auth.uid && has(mutation.variables.x) || 'é\\'' in [1, 2.5e3, null] && !x[0].size()"
        for end in condition.indices {
            _ = CELParser.parse(String(condition[..<end])).flatMap { CELEvaluator(bindings: bindings).evaluate($0) }
        }
        for scalar in ["\u{0}", "\u{FFFF}", "🎬", "\\", "\"", "\n"] {
            _ = CELParser.parse("a == '\(scalar)' \(scalar)")
        }
    }
}
