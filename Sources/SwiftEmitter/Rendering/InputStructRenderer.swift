/// Input structs for input-object variables (see `InputStruct`): every field is a `var`, the
/// initializer takes required fields first-class and the others with `nil` defaults, and only
/// fields that are set are encoded (through `CodecHelper`, for the UUID and Int64 wire forms).
enum InputStructRenderer {
    static let boxName = "InputBox"

    static func write(_ inputs: [InputStruct], into writer: inout SwiftWriter) {
        guard !inputs.isEmpty else { return }
        writer.blank()
        writer.line("// MARK: Input Types")
        if inputs.contains(where: { $0.fields.contains(where: \.isBoxed) }) {
            writer.blank()
            writer.doc("Stores an input value inside a value of its own type (e.g. `_not` of a filter).")
            writer.block("indirect enum \(boxName)<Value: Hashable & Sendable>: Hashable, Sendable") { writer in
                writer.line("case value(Value)")
                writer.blank()
                writer.block("var value: Value") { writer in
                    writer.switchBlock("self") { writer in writer.line("case .value(let value): return value") }
                }
            }
        }
        for input in inputs {
            writer.blank()
            write(input, into: &writer)
        }
    }

    private static func write(_ input: InputStruct, into writer: inout SwiftWriter) {
        let names = input.fields.map(\.name)
        func storage(_ field: InputStruct.Field) -> String { LocalName.fresh(field.name + "Box", avoiding: names) }
        writer.doc(input.description)
        writer.block("public struct \(SwiftIdentifier.escaped(input.name)): Encodable, Hashable, Sendable") { writer in
            for field in input.fields {
                let name = SwiftIdentifier.escaped(field.name)
                writer.doc(field.description)
                if field.isBoxed {
                    writer.block("public var \(name): \(field.swiftType)?") { writer in
                        writer.line("get { self.\(storage(field))?.value }")
                        writer.line("set { self.\(storage(field)) = newValue.map { \(boxName).value($0) } }")
                    }
                    writer.line("private var \(storage(field)): \(boxName)<\(field.swiftType)>?")
                } else {
                    writer.line("public var \(name): \(field.swiftType)\(field.isRequired ? "" : "?")")
                }
            }
            writer.blank()
            let parameters = input.fields.filter(\.isRequired).map { "\(SwiftIdentifier.escaped($0.name)): \($0.swiftType)" }
                + input.fields.filter { !$0.isRequired }.map { "\(SwiftIdentifier.escaped($0.name)): \($0.swiftType)? = nil" }
            writer.signatureBlock("public init", parameters, "") { writer in
                for field in input.fields {
                    let name = SwiftIdentifier.escaped(field.name)
                    if field.isBoxed {
                        writer.line("self.\(storage(field)) = \(name).map { \(boxName).value($0) }")
                    } else {
                        writer.line("self.\(name) = \(name)")
                    }
                }
            }
            guard !input.fields.isEmpty else { return }
            writer.blank()
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                SupportTypesRenderer.writeContainer(decoding: false, into: &writer)
                for field in input.fields {
                    let name = SwiftIdentifier.escaped(field.name)
                    if field.isRequired {
                        writer.line("try codecHelper.encode(self.\(name), forKey: \(SwiftLiteral.string(field.name)), container: &container)")
                    } else {
                        writer.block("if let value = self.\(name)") { writer in
                            writer.line("try codecHelper.encode(value, forKey: \(SwiftLiteral.string(field.name)), container: &container)")
                        }
                    }
                }
            }
        }
    }
}
