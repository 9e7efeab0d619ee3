import Diagnostics
import GraphQL
import Schema

/// Data Connect's `@fdc_oneOf`: among the arguments or input fields of one group at most one is
/// given, and exactly one when the group is required (`@auth(level | expr)`, `eq | eq_expr`, ...).
final class OneOfRule: ValidationRule {
    let hooks: ValidationHooks = [.arguments, .objectValue]

    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, nodeRange: SourceRange, _ context: ValidationContext) {
        guard let owner else { return }
        let groups = OneOfGroup.groups(in: owner.arguments)
        guard !groups.isEmpty else { return }
        check(arguments, name: { $0.name.value }, range: { $0.range }, groups: groups, nodeRange: nodeRange, context) {
            switch owner {
            case .field(let field, let parentType): "field \"\(parentType).\(field.name)\""
            case .directive(let directive): "directive \"@\(directive.name)\""
            }
        }
    }

    func enterObjectValue(_ object: ObjectValue, inputType: SchemaType?, _ context: ValidationContext) {
        guard let inputType else { return }
        let groups = inputType.oneOfGroups
        guard !groups.isEmpty else { return }
        check(object.fields, name: { $0.name.value }, range: { $0.range }, groups: groups, nodeRange: object.range, context) {
            "input type \"\(inputType.name)\""
        }
    }

    // Most calls find nothing wrong, so the messages (and `what`) are only built for an error.
    private func check<Given>(_ given: [Given], name: (Given) -> String, range: (Given) -> SourceRange, groups: [OneOfGroup],
                              nodeRange: SourceRange, _ context: ValidationContext, what: () -> String) {
        for group in groups {
            var count = 0
            var second: Given?
            for item in given where group.members.contains(name(item)) {
                count += 1
                if count == 2 { second = item }
            }
            if let second {
                let present = given.filter { group.members.contains(name($0)) }
                context.error(.oneOf, "Only one of \(list(group)) may be given to \(what()); found \(present.map { "\"\(name($0))\"" }.joined(separator: " and ")).",
                              at: range(second))
            } else if count == 0, group.isRequired {
                context.error(.oneOf, "Exactly one of \(list(group)) must be given to \(what()).", at: nodeRange)
            }
        }
    }

    private func list(_ group: OneOfGroup) -> String {
        group.members.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
