
/// Prints schema-model definitions as GraphQL SDL, two-space indented, descriptions as block strings.
struct SDLWriter {
    private(set) var text = ""

    mutating func line(_ content: String, indent: Int = 0) {
        text += String(repeating: "  ", count: indent) + content + "\n"
    }

    mutating func description(_ description: String?, indent: Int) {
        guard let description, !description.isEmpty else { return }
        let escaped = description.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
        let lines = escaped.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count == 1 {
            line("\"\"\"\(escaped)\"\"\"", indent: indent)
        } else {
            line("\"\"\"", indent: indent)
            for part in lines { line(String(part), indent: indent) }
            line("\"\"\"", indent: indent)
        }
    }

    static func directives(_ uses: [DirectiveUse]) -> String {
        uses.map { use in
            use.arguments.isEmpty ? " @\(use.name)"
                : " @\(use.name)(" + use.arguments.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
        }.joined()
    }

    /// `@fdc_generated(from:, purpose:)` for a generated output field; nothing otherwise.
    static func generatedMarker(_ origin: Origin) -> [DirectiveUse] {
        guard let generated = origin.generated, let purpose = generated.purpose else { return [] }
        var arguments: [ConstValue.ObjectField] = []
        if let from = generated.from { arguments.append(.init(name: "from", value: .string(from))) }
        arguments.append(.init(name: "purpose", value: .enumValue(purpose.rawValue)))
        return [DirectiveUse(BuiltinName.generated, arguments)]
    }

    mutating func inputValue(_ value: SchemaInputValue, indent: Int) {
        description(value.description, indent: indent)
        let defaultText = value.defaultValue.map { " = \($0)" } ?? ""
        line("\(value.name): \(value.type)\(defaultText)\(Self.directives(value.directives))", indent: indent)
    }

    mutating func field(_ field: SchemaField, indent: Int) {
        description(field.description, indent: indent)
        let suffix = ": \(field.type)\(Self.directives(field.directives + Self.generatedMarker(field.origin)))"
        guard !field.arguments.isEmpty else {
            line(field.name + suffix, indent: indent)
            return
        }
        line("\(field.name)(", indent: indent)
        for argument in field.arguments { inputValue(argument, indent: indent + 1) }
        line(")" + suffix, indent: indent)
    }

    /// A complete type definition, or with `fields` given, an `extend type` holding only those.
    mutating func type(_ type: SchemaType, extending fields: [SchemaField]? = nil) {
        if let fields {
            line("extend type \(type.name) {")
            for field in fields { self.field(field, indent: 1) }
            line("}")
            return
        }
        description(type.description, indent: 0)
        let header = "\(type.kind.rawValue) \(type.name)"
        let directives = Self.directives(type.directives)
        switch type.kind {
        case .scalar:
            line(header + directives)
        case .union:
            line(header + directives + (type.possibleTypes.isEmpty ? "" : " = " + type.possibleTypes.joined(separator: " | ")))
        case .object, .interface, .enumType, .inputObject:
            // Each kind has members in one list only; only objects and interfaces implement interfaces.
            let interfaces = type.interfaces.isEmpty ? "" : " implements " + type.interfaces.joined(separator: " & ")
            line(header + interfaces + directives + " {")
            for field in type.fields { self.field(field, indent: 1) }
            for field in type.inputFields { inputValue(field, indent: 1) }
            for value in type.enumValues {
                description(value.description, indent: 1)
                line(value.name + Self.directives(value.directives), indent: 1)
            }
            line("}")
        }
    }

    mutating func directive(_ directive: SchemaDirective) {
        description(directive.description, indent: 0)
        let locations = " on " + directive.locations.map(\.rawValue).joined(separator: " | ")
        let repeatable = directive.isRepeatable ? " repeatable" : ""
        guard !directive.arguments.isEmpty else {
            line("directive @\(directive.name)\(repeatable)\(locations)")
            return
        }
        line("directive @\(directive.name)(")
        for argument in directive.arguments { inputValue(argument, indent: 1) }
        line(")\(repeatable)\(locations)")
    }

    mutating func blankLine() { text += "\n" }
}
