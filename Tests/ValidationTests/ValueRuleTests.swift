import Diagnostics
import XCTest
@testable import Validation

/// Data Connect's one-of groups.
final class ValueRuleTests: RuleTestCase {
    func testOneOfGroups() {
        assertValid("query A @auth(level: PUBLIC) { movies(where: {title: {eq: \"x\"}}) { id } }", { OneOfRule() })
        assertMessages("query A @auth(level: PUBLIC, expr: \"true\") { movies(where: {title: {eq: \"x\", eq_expr: \"auth.uid\"}}) { id } }",
                       { OneOfRule() }, [
            "Only one of \"level\", \"expr\" may be given to directive \"@auth\"; found \"level\" and \"expr\".",
            "Only one of \"eq\", \"eq_expr\" may be given to input type \"String_Filter\"; found \"eq\" and \"eq_expr\".",
        ])
        assertMessages("query A @auth(insecureReason: \"demo\") { movies { id } }", { OneOfRule() },
                       ["Exactly one of \"level\", \"expr\" must be given to directive \"@auth\"."])
    }
}
