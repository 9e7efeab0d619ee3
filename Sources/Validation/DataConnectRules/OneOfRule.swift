import Diagnostics
import GraphQL
import Schema

/// Data Connect's `@fdc_oneOf`: among the arguments or input fields of one group at most one is
/// given, and exactly one when the group is required (`@auth(level | expr)`, `eq | eq_expr`, ...).
final class OneOfRule: ValidationRule {
    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, range: SourceRangeOwner, _ context: ValidationContext) {
        guard let owner else { return }
        let declared: [SchemaInputValue]
        let what: String
        switch owner {
        case .field(let field, let parentType): (declared, what) = (field.arguments, "field \"\(parentType).\(field.name)\"")
        case .directive(let directive): (declared, what) = (directive.arguments, "directive \"@\(directive.name)\"")
        }
        check(given: arguments.map { ($0.name.value, $0.range) }, declared: declared, what: what, kind: "argument",
              range: range.range, context)
    }

    func enterObjectValue(_ object: ObjectValue, inputType: SchemaType?, _ context: ValidationContext) {
        guard let inputType else { return }
        check(given: object.fields.map { ($0.name.value, $0.range) }, declared: inputType.inputFields,
              what: "input type \"\(inputType.name)\"", kind: "field", range: object.range, context)
    }

    private struct Group {
        var members: [String] = []
        var isRequired = false
    }

    private func check(given: [(String, SourceRange)], declared: [SchemaInputValue], what: String, kind: String,
                       range: SourceRange, _ context: ValidationContext) {
        var groups: [String: Group] = [:]
        var order: [String] = []
        for value in declared {
            for use in value.directives where use.name == BuiltinName.oneOf {
                var group = ""
                if case .string(let name)? = use.argument("group") { group = name }
                if groups[group] == nil { order.append(group) }
                groups[group, default: Group()].members.append(value.name)
                if case .boolean(true)? = use.argument("required") { groups[group]?.isRequired = true }
            }
        }
        for name in order {
            guard let group = groups[name] else { continue }
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
