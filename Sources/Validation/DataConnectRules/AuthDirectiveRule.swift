import Diagnostics
import GraphQL
import Schema

/// Data Connect's `@auth` and `@check` conditions: the CEL text is not empty and every `vars.x` it reads
/// is a variable of the operation (for a fragment, of each operation that spreads it); the general rules check the rest.
final class AuthDirectiveRule: ValidationRule {
    let hooks: ValidationHooks = [.directive, .leaveDocument]

    /// Conditions written in fragments, by fragment name; checked when the document ends.
    private var fragmentConditions: [String: [(directive: String, expression: String, range: SourceRange)]] = [:]

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        let name = directive.name.value
        guard name == BuiltinName.auth || name == BuiltinName.check, definition != nil else { return }
        for argument in directive.arguments {
            guard case .string(let string) = argument.value else { continue }
            switch argument.name.value {
            case "expr":
                if string.value.allSatisfy(\.isWhitespace) {
                    context.error(.authDirective, "@\(name)(expr:) needs a CEL condition, e.g. \"auth.uid != null\".", at: argument.value.range)
                } else if let operation = context.operation {
                    checkVariables(in: string.value, at: argument.value.range, directive: name, of: operation, context)
                } else if case .fragment(let fragment)? = context.scope {
                    fragmentConditions[fragment, default: []].append((name, string.value, argument.value.range))
                }
            case "insecureReason" where string.value.allSatisfy(\.isWhitespace):
                context.error(.authDirective, "@auth(insecureReason:) must say why the policy is intended.", at: argument.value.range)
            default:
                break
            }
        }
    }

    func leaveDocument(_ context: ValidationContext) {
        guard !fragmentConditions.isEmpty else { return }
        for entry in context.operations {
            for fragment in context.recursivelyReferencedFragments(of: entry.scope) {
                guard let conditions = fragmentConditions[fragment.definition.name.value] else { continue }
                context.file = fragment.file
                for condition in conditions {
                    checkVariables(in: condition.expression, at: condition.range, directive: condition.directive, of: entry.operation, context)
                }
            }
        }
    }

    private func checkVariables(in expression: String, at range: SourceRange, directive: String, of operation: OperationDefinition,
                                _ context: ValidationContext) {
        let declared = operation.variableDefinitions.map(\.variable.name.value)
        for name in CELReferences.variables(in: expression) where !declared.contains(name) {
            let owner = operation.name.map { "operation \"\($0.value)\"" } ?? "the operation"
            context.error(.authUndeclaredVariable, "@\(directive)(expr:) reads vars.\(name), but \(owner) declares no variable \"$\(name)\"."
                          + DidYouMean.suffix(name, in: declared, sigil: "vars."), at: range)
        }
    }
}

/// Finds the names a CEL expression reads from `vars`.
enum CELReferences {
    /// Each `x` of `vars.x` outside string literals, once, in order of appearance. Reads UTF-8 bytes: no
    /// byte of a multi-byte character is ASCII, so none can be mistaken for a quote or `vars.`.
    static func variables(in expression: String) -> [String] {
        var result: [String] = []
        let bytes = Array(expression.utf8)
        var index = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == open { quote = nil }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte; index += 1; continue }
            if bytes[index...].starts(with: prefix), index == 0 || !isIdentifier(bytes[index - 1]) {
                var end = index + prefix.count
                while end < bytes.count, isIdentifier(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[(index + prefix.count)..<end], as: UTF8.self)
                if !name.isEmpty, !result.contains(name) { result.append(name) }
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    private static let prefix = Array("vars.".utf8)

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        let character = Character(Unicode.Scalar(byte))
        return character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }
}
