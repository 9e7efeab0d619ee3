import Diagnostics
import GraphQL
import Schema

/// Data Connect's `@auth` and `@check` conditions: the CEL text is not empty and every `vars.x`
/// it reads is a variable of the operation. (`level` values, argument types and the
/// `level`/`expr` choice are checked by the general rules against the prelude signature.)
final class AuthDirectiveRule: ValidationRule {
    let hooks: ValidationHooks = [.directive]

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        let name = directive.name.value
        guard name == BuiltinName.auth || name == BuiltinName.check, definition != nil else { return }
        for argument in directive.arguments {
            guard case .string(let string) = argument.value else { continue }
            switch argument.name.value {
            case "expr":
                if string.value.allSatisfy(\.isWhitespace) {
                    context.error("@\(name)(expr:) needs a CEL condition, e.g. \"auth.uid != null\".", at: argument.value.range)
                } else {
                    checkVariables(in: string.value, at: argument.value.range, directive: name, context)
                }
            case "insecureReason" where string.value.allSatisfy(\.isWhitespace):
                context.error("@auth(insecureReason:) must say why the policy is intended.", at: argument.value.range)
            default:
                break
            }
        }
    }

    private func checkVariables(in expression: String, at range: SourceRange, directive: String, _ context: ValidationContext) {
        // Inside fragments the operation is not known; the operation's own use is checked there.
        guard let operation = context.operation else { return }
        let declared = operation.variableDefinitions.map(\.variable.name.value)
        for name in CELReferences.variables(in: expression) where !declared.contains(name) {
            let owner = operation.name.map { "operation \"\($0.value)\"" } ?? "the operation"
            context.error("@\(directive)(expr:) reads vars.\(name), but \(owner) declares no variable \"$\(name)\"."
                          + DidYouMean.suffix(name, in: declared, sigil: "vars."), at: range)
        }
    }
}

/// Finds the names a CEL expression reads from `vars`.
enum CELReferences {
    /// Each `x` of `vars.x` outside string literals, once, in order of appearance.
    static func variables(in expression: String) -> [String] {
        var result: [String] = []
        let scalars = Array(expression.unicodeScalars)
        var index = 0
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == "\\" { index += 2; continue }
                if scalar == open { quote = nil }
                index += 1
                continue
            }
            if scalar == "\"" || scalar == "'" { quote = scalar; index += 1; continue }
            if matches(scalars, at: index, "vars."), index == 0 || !isIdentifier(scalars[index - 1]) {
                var end = index + 5
                while end < scalars.count, isIdentifier(scalars[end]) { end += 1 }
                let name = String(String.UnicodeScalarView(scalars[(index + 5)..<end]))
                if !name.isEmpty, !result.contains(name) { result.append(name) }
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    private static func matches(_ scalars: [Unicode.Scalar], at index: Int, _ word: String) -> Bool {
        let target = Array(word.unicodeScalars)
        guard index + target.count <= scalars.count else { return false }
        return Array(scalars[index..<(index + target.count)]) == target
    }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
    }
}
