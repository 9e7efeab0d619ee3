/// `<Conn>Keys.swift`: one `<Table>Key` per table of the schema (docs/generated-code.md).
enum KeyDeclarations {
    static func declarations(_ keys: [KeyStruct]) -> [Declaration] {
        keys.flatMap(declarations)
    }

    private static func declarations(_ key: KeyStruct) -> [Declaration] {
        let fields = key.fields.map { (name: $0.name, escaped: SwiftIdentifier.escaped($0.name), swiftType: $0.swiftType) }
        let names = fields.map(\.escaped)
        return [
            .type("struct", key.name, [], [.init(.group(fields.map { field in
                .init(.property(Property(modifiers: .init(access: .publicPrivateSet), name: field.escaped, type: field.swiftType)))
            }))], doc: "The primary key of a row of table `\(key.table)`. Obtain one from query results or mutation responses."),
            .type("extension", key.name, ["Codable"], [
                .init(.function(SupportDeclarations.decodingInit(fields))),
                .init(.function(SupportDeclarations.encodeMethod(fields.map { SupportDeclarations.encode("self.\($0.escaped)", name: $0.name) }))),
            ], modifiers: .init()),
            .type("extension", key.name, ["Equatable", SupportDeclarations.equality], [
                .init(.function(SupportDeclarations.equalityMethod(typeName: key.name, names))),
            ], modifiers: .init()),
            .type("extension", key.name, ["Hashable"], [.init(.function(SupportDeclarations.hashMethod(names)))], modifiers: .init()),
            .type("extension", key.name, ["Sendable"], [], modifiers: .init()),
        ]
    }
}
