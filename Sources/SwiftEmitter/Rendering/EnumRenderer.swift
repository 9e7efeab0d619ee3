/// The enum section at the top of `<Conn>Operations.swift` (docs/generated-code.md, "Enums").
///
/// Built-in enums keep Firebase's `String` raw type. User enums cannot have one because of the
/// `_UNKNOWN(String)` case, so they get hand-written `Codable`: a known string decodes to its
/// case, any other string to `_UNKNOWN(string)`, and encoding writes the string back, so unknown
/// values survive a round trip. `rawValue` gives the wire string of any case.
enum EnumRenderer {
    static func write(userEnums: [UserEnum], into writer: inout SwiftWriter) {
        writer.line("// MARK: Common Enums")
        for builtin in BuiltinEnum.all {
            writer.blank()
            writer.block("public enum \(builtin.swiftName): String, Codable, Sendable") { writer in
                for name in builtin.cases {
                    writer.line("case \(SwiftIdentifier.escaped(name)) = \(SwiftLiteral.string(name))")
                }
            }
        }
        writer.blank()
        writer.line("// MARK: Connector Enums")
        for userEnum in userEnums {
            writer.blank()
            write(userEnum, into: &writer)
        }
        writer.blank()
        writer.line("// End enum definitions")
    }

    private static func write(_ userEnum: UserEnum, into writer: inout SwiftWriter) {
        let unknown = UserEnum.unknownCase
        writer.doc(userEnum.description)
        writer.block("public enum \(SwiftIdentifier.escaped(userEnum.name)): Codable, Sendable, Hashable, Equatable") { writer in
            for value in userEnum.values {
                writer.doc(value.description)
                writer.line("case \(SwiftIdentifier.escaped(value.name))")
            }
            writer.doc("A value this SDK does not know yet, with its wire string.")
            writer.line("case \(unknown)(String)")
            writer.blank()
            writer.doc("The string sent and received for this value.")
            writer.block("public var rawValue: String") { writer in
                writer.switchBlock("self") { writer in
                    for value in userEnum.values {
                        writer.line("case .\(SwiftIdentifier.escaped(value.name)): return \(SwiftLiteral.string(value.name))")
                    }
                    writer.line("case .\(unknown)(let value): return value")
                }
            }
            writer.blank()
            writer.block("public init(from decoder: any Decoder) throws") { writer in
                writer.line("let value = try decoder.singleValueContainer().decode(String.self)")
                writer.switchBlock("value") { writer in
                    for value in userEnum.values {
                        writer.line("case \(SwiftLiteral.string(value.name)): self = .\(SwiftIdentifier.escaped(value.name))")
                    }
                    writer.line("default: self = .\(unknown)(value)")
                }
            }
            writer.blank()
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                writer.line("var container = encoder.singleValueContainer()")
                writer.line("try container.encode(rawValue)")
            }
        }
    }
}
