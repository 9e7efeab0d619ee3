import Schema

/// Compares a reference schema (the emulator's output) with sdkgen's: every element of the
/// reference must exist in sdkgen's schema with the same type (and default, for arguments and
/// input fields).
public struct SchemaComparison {
    public enum Kind: String, CaseIterable, Sendable {
        case missingType, typeKind, missingField, fieldType, missingArgument, argumentType, argumentDefault
        case missingInputField, inputFieldType, inputFieldDefault, missingEnumValue, missingDirective
    }

    public struct Difference: CustomStringConvertible, Sendable {
        public var kind: Kind
        /// Schema coordinate, e.g. `Movie_Filter.title` or `Query.movie(id:)`.
        public var path: String
        public var detail: String
        /// Type or member name the difference is about (the type for type-level differences).
        public var typeName: String
        public var memberName: String?

        public var description: String { "\(kind.rawValue) \(path)\(detail.isEmpty ? "" : ": \(detail)")" }
    }

    public private(set) var compared = 0
    public private(set) var differences: [Difference] = []

    public init(reference: Schema, candidate: Schema) {
        for name in reference.typeNames {
            guard let expected = reference.type(named: name) else { continue }
            compareType(expected, candidate)
        }
        for name in reference.directiveNames {
            guard let expected = reference.directive(named: name) else { continue }
            compared += 1
            guard let actual = candidate.directive(named: name) else {
                add(.missingDirective, "@\(name)", "", typeName: "@\(name)")
                continue
            }
            compareArguments(expected.arguments, actual.arguments, path: "@\(name)", typeName: "@\(name)", member: nil)
        }
    }

    private mutating func add(_ kind: Kind, _ path: String, _ detail: String, typeName: String, member: String? = nil) {
        differences.append(Difference(kind: kind, path: path, detail: detail, typeName: typeName, memberName: member))
    }

    private mutating func compareType(_ expected: SchemaType, _ candidate: Schema) {
        compared += 1
        let name = expected.name
        guard let actual = candidate.type(named: name) else {
            add(.missingType, name, expected.kind.rawValue, typeName: name)
            return
        }
        guard actual.kind == expected.kind else {
            add(.typeKind, name, "\(expected.kind.rawValue) vs \(actual.kind.rawValue)", typeName: name)
            return
        }
        for field in expected.fields {
            compared += 1
            let path = "\(name).\(field.name)"
            guard let mine = actual.field(named: field.name) else {
                add(.missingField, path, "\(field.type)", typeName: name, member: field.name)
                continue
            }
            if mine.type != field.type { add(.fieldType, path, "\(field.type) vs \(mine.type)", typeName: name, member: field.name) }
            compareArguments(field.arguments, mine.arguments, path: path, typeName: name, member: field.name)
        }
        for field in expected.inputFields {
            compared += 1
            let path = "\(name).\(field.name)"
            guard let mine = actual.inputField(named: field.name) else {
                add(.missingInputField, path, "\(field.type)", typeName: name, member: field.name)
                continue
            }
            if mine.type != field.type { add(.inputFieldType, path, "\(field.type) vs \(mine.type)", typeName: name, member: field.name) }
            if mine.defaultValue != field.defaultValue {
                add(.inputFieldDefault, path, "\(field.defaultValue?.description ?? "none") vs \(mine.defaultValue?.description ?? "none")",
                    typeName: name, member: field.name)
            }
        }
        for value in expected.enumValues {
            compared += 1
            if actual.enumValue(named: value.name) == nil {
                add(.missingEnumValue, "\(name).\(value.name)", "", typeName: name, member: value.name)
            }
        }
    }

    private mutating func compareArguments(_ expected: [SchemaInputValue], _ actual: [SchemaInputValue], path: String,
                                           typeName: String, member: String?) {
        for argument in expected {
            compared += 1
            let argumentPath = "\(path)(\(argument.name):)"
            guard let mine = actual.first(where: { $0.name == argument.name }) else {
                add(.missingArgument, argumentPath, "\(argument.type)", typeName: typeName, member: member)
                continue
            }
            if mine.type != argument.type {
                add(.argumentType, argumentPath, "\(argument.type) vs \(mine.type)", typeName: typeName, member: member)
            }
            if mine.defaultValue != argument.defaultValue {
                add(.argumentDefault, argumentPath,
                    "\(argument.defaultValue?.description ?? "none") vs \(mine.defaultValue?.description ?? "none")",
                    typeName: typeName, member: member)
            }
        }
    }
}
