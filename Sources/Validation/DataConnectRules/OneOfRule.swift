import Diagnostics
import GraphQL
import Schema

/// Data Connect's `@fdc_oneOf`: among the arguments or input fields of one group at most one is
/// given, and exactly one when the group is required (`@auth(level | expr)`, `eq | eq_expr`, ...).
final class OneOfRule: ValidationRule {
    let hooks: ValidationHooks = [.arguments, .objectValue]

    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, nodeRange: SourceRange, _ context: ValidationContext) {
        let groups = context.inputFacts.oneOfGroups
        guard !groups.isEmpty else { return }
        let what: String
        switch owner {
        case .field(let field, let parentType)?: what = "field \"\(parentType).\(field.name)\""
        case .directive(let directive)?: what = "directive \"@\(directive.name)\""
        case nil: return
        }
        check(given: arguments.map { ($0.name.value, $0.range) }, groups: groups, what: what, range: nodeRange, context)
    }

    func enterObjectValue(_ object: ObjectValue, inputType: SchemaType?, _ context: ValidationContext) {
        let groups = context.inputFacts.oneOfGroups
        guard let inputType, !groups.isEmpty else { return }
        check(given: object.fields.map { ($0.name.value, $0.range) }, groups: groups, what: "input type \"\(inputType.name)\"",
              range: object.range, context)
    }

    private func check(given: [(String, SourceRange)], groups: [InputFacts.OneOfGroup], what: String, range: SourceRange, _ context: ValidationContext) {
        for group in groups {
            let present = given.filter { group.members.contains($0.0) }
            let list = group.members.map { "\"\($0)\"" }.joined(separator: ", ")
            if present.count > 1, let second = present.dropFirst().first {
                context.error("Only one of \(list) may be given to \(what); found \(present.map { "\"\($0.0)\"" }.joined(separator: " and ")).",
                              at: second.1)
            } else if present.isEmpty, group.isRequired {
                context.error("Exactly one of \(list) must be given to \(what).", at: range)
            }
        }
    }
}
