/// Input structs for input-object variables (see `InputStruct`): every field is a `var`, the
/// initializer takes required fields first-class and the others with `nil` defaults, and only
/// fields that are set are encoded (through `CodecHelper`, for the UUID and Int64 wire forms).
enum InputDeclarations {
    static let boxName = "InputBox"

    static func section(_ inputs: [InputStruct]) -> [Declaration] {
        guard !inputs.isEmpty else { return [] }
        var section = [Declaration(.comment("MARK: Input Types"))]
        if inputs.contains(where: { $0.fields.contains(where: \.isBoxed) }) {
            let value = Property(modifiers: .init(), name: "value", type: "Value", value: .getter(.block([.switch("self", ["case .value(let value): return value"])])))
            section.append(.type("indirect enum", "\(boxName)<Value: Hashable & Sendable>", ["Hashable", "Sendable"], [
                .init(.enumCase("value(Value)")), .init(.property(value)),
            ], doc: "Stores an input value inside a value of its own type (e.g. `_not` of a filter).", modifiers: .init()))
        }
        return section + inputs.map(declaration)
    }

    private static func declaration(_ input: InputStruct) -> Declaration {
        let names = input.fields.map(\.name)
        func storage(_ field: InputStruct.Field) -> String { LocalName.fresh(field.name + "Box", avoiding: names) }
        let properties = input.fields.map { field -> Declaration in
            let name = SwiftIdentifier.escaped(field.name)
            guard field.isBoxed else {
                return Declaration(doc: field.description, .property(Property(name: name, type: field.swiftType + (field.isRequired ? "" : "?"))))
            }
            return Declaration(doc: field.description, .group([
                .init(.property(Property(name: name, type: "\(field.swiftType)?", value: .getter(.block([
                    .line("get { self.\(storage(field))?.value }"),
                    .line("set { self.\(storage(field)) = newValue.map { \(boxName).value($0) } }"),
                ]))))),
                .init(.property(Property(modifiers: .private, name: storage(field), type: "\(boxName)<\(field.swiftType)>?"))),
            ]))
        }
        let parameters = input.fields.filter(\.isRequired).map { "\(SwiftIdentifier.escaped($0.name)): \($0.swiftType)" }
            + input.fields.filter { !$0.isRequired }.map { "\(SwiftIdentifier.escaped($0.name)): \($0.swiftType)? = nil" }
        let initializer = Function(head: "init", parameters: parameters, body: .block(input.fields.map { field in
            let name = SwiftIdentifier.escaped(field.name)
            return .line(field.isBoxed ? "self.\(storage(field)) = \(name).map { \(boxName).value($0) }" : "self.\(name) = \(name)")
        }))
        var members = [Declaration(.group(properties)), Declaration(.function(initializer))]
        if !input.fields.isEmpty {
            members.append(.init(.function(SupportDeclarations.encodeMethod(input.fields.map { field in
                let name = SwiftIdentifier.escaped(field.name)
                return field.isRequired
                    ? SupportDeclarations.encode("self.\(name)", name: field.name)
                    : .nested("if let value = self.\(name) {", [SupportDeclarations.encode("value", name: field.name)], "}")
            }))))
        }
        return .type("struct", SwiftIdentifier.escaped(input.name), ["Encodable", "Hashable", "Sendable"], members, doc: input.description)
    }
}
