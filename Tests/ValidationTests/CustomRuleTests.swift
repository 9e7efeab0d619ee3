import Diagnostics
import GraphQL
import Schema
import XCTest
@testable import Validation

/// Rules from outside the target: a rule that does not list its hooks still gets every node.
final class CustomRuleTests: XCTestCase {
    private final class FieldReporter: ValidationRule {
        func enterField(
            _ field: Field, parentType: SchemaType?, definition: SchemaField?, type: SchemaType?, _ context: ValidationContext
        ) {
            context.warning(.fieldsOnCorrectType, "\(field.name.value) \(definition == nil ? "unknown" : "known")", at: field.name.range)
        }
    }

    func testRulesWithoutHookListsSeeEveryNode() {
        let diagnostics = Fixture.diagnostics(["query A { movies { id nope } }"], rules: [{ FieldReporter() }])
        XCTAssertEqual(diagnostics.map(\.message), ["movies known", "id known", "nope unknown"])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning, .warning, .warning])
    }

    func testEveryBuiltInRuleIsRegisteredOnce() {
        let names = Validator.allRules.map { String(describing: type(of: $0())) }
            + Validator.crossOperationRules.map { String(describing: type(of: $0)) }
        XCTAssertEqual(names.count, Set(names).count)
        XCTAssertEqual(Validator.specifiedRules.count + Validator.crossOperationRules.count, 25)
        XCTAssertEqual(Validator.dataConnectRules.count, 10)
    }
}
