import Diagnostics
import IR

/// The enum section at the top of `<Conn>Operations.swift` (docs/generated-code.md, "Enums").
///
/// Built-in enums keep Firebase's `String` raw type. User enums cannot have one because of the
/// `_UNKNOWN(String)` case, so they get hand-written `Codable`: a known string decodes to its
/// case, any other string to `_UNKNOWN(string)`, and encoding writes the string back, so unknown
/// values survive a round trip. `rawValue` gives the wire string of any case.
enum EnumDeclarations {
    /// The associated-value case of a user enum that carries values this SDK does not know.
    static let unknownCase = "_UNKNOWN"

    /// The section; nil when an enum would hide a type the generated code names (for the
    /// portable runtime, its refresh metadata types too) or has a value the SDK uses itself.
    static func section(userEnums: [IREnum], usesFirebase: Bool, diagnostics: inout DiagnosticCollector) -> [Declaration]? {
        let errors = diagnostics.errorCount
        for (types, owner) in [(SelectionPlanner.referencedTypes, "Swift"), (usesFirebase ? [] : RefreshDeclarations.runtimeTypes, "SDKGenDataConnect")] {
            for userEnum in userEnums where types.contains(userEnum.name) {
                diagnostics.append(Diagnostic(
                    .error, .emitEnumHidesType, "enum '\(userEnum.name)' would hide the \(owner) type '\(userEnum.name)' that the generated code uses; rename the enum",
                    span: userEnum.span))
            }
        }
        for userEnum in userEnums {
            for value in userEnum.values where value.name == unknownCase {
                diagnostics.append(Diagnostic(
                    .error, .emitReservedEnumValue, "enum '\(userEnum.name)' has a value named '\(unknownCase)', which the Swift SDK uses for unknown values",
                    span: value.span))
            }
        }
        guard diagnostics.errorCount == errors else { return nil }
        return [Declaration(.comment("MARK: Common Enums"))]
            + BuiltinEnum.all.map { builtin in
                Declaration.type("enum", builtin.swiftName, ["String", "Codable", "Sendable"], [.init(.group(builtin.cases.map { name in
                    .init(.enumCase("\(SwiftIdentifier.escaped(name)) = \(SwiftLiteral.string(name))"))
                }))])
            }
            + [Declaration(.comment("MARK: Connector Enums"))]
            + userEnums.map(declaration)
            + [Declaration(.comment("End enum definitions"))]
    }

    private static func declaration(_ userEnum: IREnum) -> Declaration {
        let cases = userEnum.values.map { value in
            Declaration(doc: value.description, .enumCase(SwiftIdentifier.escaped(value.name)))
        } + [Declaration(doc: "A value this SDK does not know yet, with its wire string.", .enumCase("\(unknownCase)(String)"))]
        let rawValue = Property(name: "rawValue", type: "String", value: .getter(.block([.switch("self", userEnum.values.map { value in
            "case .\(SwiftIdentifier.escaped(value.name)): return \(SwiftLiteral.string(value.name))"
        } + ["case .\(unknownCase)(let value): return value"])])))
        let decoding = Function(head: "init", parameters: ["from decoder: any Decoder"], tail: " throws", body: .block([
            .line("let value = try decoder.singleValueContainer().decode(String.self)"),
            .switch("value", userEnum.values.map { value in
                "case \(SwiftLiteral.string(value.name)): self = .\(SwiftIdentifier.escaped(value.name))"
            } + ["default: self = .\(unknownCase)(value)"]),
        ]))
        let encoding = Function(head: "func encode", parameters: ["to encoder: any Encoder"], tail: " throws", body: .block([
            .line("var container = encoder.singleValueContainer()"),
            .line("try container.encode(rawValue)"),
        ]))
        return .type("enum", SwiftIdentifier.escaped(userEnum.name), ["Codable", "Sendable", "Hashable", "Equatable"], [
            .init(.group(cases)),
            .init(doc: "The string sent and received for this value.", .property(rawValue)),
            .init(.function(decoding)),
            .init(.function(encoding)),
        ], doc: userEnum.description)
    }
}
