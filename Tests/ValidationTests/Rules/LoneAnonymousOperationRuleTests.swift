import XCTest
@testable import Validation

/// Spec 5.2.2.1: an anonymous operation must be the only operation of the connector.
final class LoneAnonymousOperationRuleTests: RuleTestCase {
    private let rule = LoneAnonymousOperationRule()

    func testSingleShorthandQuery() {
        assertLocated("{ movies { id } }", rule, [])
    }

    func testSingleAnonymousQueryWithVariables() {
        assertLocated("query ($n: Int = 3) @auth(level: PUBLIC) { movies(limit: $n) { ...F } }\nfragment F on Movie { id }", rule, [])
    }

    func testNamedOperationsOnly() {
        assertLocated("query A { movies { id } }\nquery B { actors { name } }\nmutation C { movie_insert(data: {title: \"x\"}) }", rule, [])
    }

    func testFragmentsDoNotCountAsOperations() {
        assertLocated("fragment F on Movie { id }\n{ movies { ...F } }\nfragment G on Movie { title }", rule, [])
    }

    func testAnonymousBesideANamedQuery() {
        assertLocated("""
        query A { actors { name } }
        { movies { id } }
        """, rule, ["2:1 This anonymous operation must be the only defined operation."])
    }

    func testEveryAnonymousOperationIsReported() {
        assertLocated("""
        { movies { id } }
          query { actors { name } }
        """, rule, [
            "1:1 This anonymous operation must be the only defined operation.",
            "2:3 This anonymous operation must be the only defined operation.",
        ])
    }

    func testAnonymousBesideAMutation() {
        assertLocated("""
        mutation @auth(level: USER) { movie_insert(data: {title: "x"}) }
        query B { movies { id } }
        """, rule, ["1:1 This anonymous operation must be the only defined operation."])
    }

    func testOperationsOfOtherFilesInTheConnectorCount() {
        let diagnostics = Fixture.diagnostics(["{ movies { id } }", "query B { actors { name } }"], crossOperationRules: [rule])
        XCTAssertEqual(diagnostics.map(\.message), ["This anonymous operation must be the only defined operation."])
        XCTAssertEqual(diagnostics.first?.span?.file.path, "connector/file0.gql")
    }
}
