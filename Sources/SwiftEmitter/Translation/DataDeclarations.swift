/// The `Data` struct of an operation and its nested selection structs (docs/generated-code.md).
///
/// Every struct decodes through `CodecHelper`, the root `Data` included, so root-level `UUID`
/// and `Int64` values get the wire form too (Firebase's synthesized root decoding skips it). Like Firebase's, the structs have no
/// public memberwise initializer and, when keyed, compare and hash by key fields only.
enum DataDeclarations {
    static func declaration(_ plan: SelectionPlan, isRoot: Bool) -> Declaration {
        var conformances = ["Decodable", "Sendable"]
        let key = isRoot ? nil : plan.key
        if let key {
            conformances += ["Hashable", "Equatable"] + (key.identity == .none ? [] : ["Identifiable"]) + [SupportDeclarations.equality]
        }
        // Properties in runs without blank lines; a nested struct and the property of its type stand apart.
        var members: [Declaration] = []
        var run: [Declaration] = []
        for property in plan.properties {
            let declaration = Declaration(doc: property.description, .property(Property(name: property.escaped, type: property.swiftType)))
            guard let nested = property.nested else {
                run.append(declaration)
                continue
            }
            members += [.init(.group(run)), self.declaration(nested, isRoot: false), declaration]
            run = []
        }
        members.append(.init(.group(run)))
        let structName = SwiftIdentifier.escaped(plan.name)
        if let key { members += keyMembers(key, structName: structName) }
        var decoding = SupportDeclarations.decodingInit(plan.properties.map { ($0.name, $0.escaped, $0.swiftType) })
        if plan.properties.isEmpty { decoding.body = .inline("") }
        members.append(.init(.function(decoding)))
        return .type("struct", structName, conformances, members)
    }

    private static func keyMembers(_ key: SelectionPlan.Key, structName: String) -> [Declaration] {
        let construction = key.structName + "(" + key.arguments.map {
            "\(SwiftIdentifier.argumentLabel($0.label)): self.\($0.property)"
        }.joined(separator: ", ") + ")"
        var members: [Declaration] = []
        if let propertyName = key.propertyName {
            members.append(.init(doc: "The primary key of this row.", .property(Property(
                name: SwiftIdentifier.escaped(propertyName), type: key.structName, value: .getter(.block([.line(Line(construction))]))))))
        }
        if key.identity == .computedKey {
            members.append(.init(doc: "The primary key, for `Identifiable`.", .property(Property(
                name: "id", type: key.structName, value: .getter(.block([.line(Line(construction))]))))))
        }
        let properties = key.arguments.map(\.property)
        return members + [
            .init(.group([
                .init(.comment("Rows are the same entity when their keys match (Firebase's behaviour).")),
                .init(.function(SupportDeclarations.hashMethod(properties))),
            ])),
            .init(.function(SupportDeclarations.equalityMethod(typeName: structName, properties))),
        ]
    }
}
