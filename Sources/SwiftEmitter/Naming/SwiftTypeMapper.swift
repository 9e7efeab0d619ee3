import Schema

/// GraphQL types to Swift types (docs/generated-code.md, "Operation classes").
enum SwiftTypeMapper {
    /// Swift spelling of GraphQL scalars, built-in enums and key types; nil for object and other
    /// input types, which need a generated struct.
    static func baseType(forNamed name: String, in schema: Schema) -> String? {
        if let scalar = scalars[name] { return scalar }
        if let builtin = BuiltinEnum.all.first(where: { $0.graphQLName == name }) { return builtin.swiftName }
        if let table = keyTable(name, suffix: "_KeyOutput", in: schema) ?? keyTable(name, suffix: "_Key", in: schema) {
            return GeneratedNames.keyStruct(table: table)
        }
        if let type = schema.type(named: name), type.kind == .enumType, !type.origin.isBuiltin {
            return SwiftIdentifier.escaped(name)
        }
        return nil
    }

    /// The Swift type of a value of GraphQL type `type` whose innermost type is spelled `base`:
    /// nullable → optional, lists → arrays. Element nullability is dropped as Firebase does
    /// (`[String]` → `[String]`), so a `null` element fails decoding.
    static func swiftType(_ type: TypeRef, base: String) -> String {
        switch type {
        case .nonNull(let inner): core(inner, base: base)
        default: core(type, base: base) + "?"
        }
    }

    private static func core(_ type: TypeRef, base: String) -> String {
        switch type {
        case .named: base
        case .nonNull(let inner): core(inner, base: base)
        case .list(let element): "[" + core(element, base: base) + "]"
        }
    }

    private static func keyTable(_ name: String, suffix: String, in schema: Schema) -> String? {
        guard name.hasSuffix(suffix) else { return nil }
        let table = String(name.dropLast(suffix.count))
        guard let entity = schema.entity(named: table), entity.kind == .table else { return nil }
        return table
    }

    /// `Vector` is a JSON array of floats; no public Firebase output maps it, and `[Double]`
    /// is the only type that decodes it.
    private static let scalars = [
        "String": "String", "ID": "String", "Int": "Int", "Int64": "Int64", "Float": "Double",
        "Boolean": "Bool", "UUID": "UUID", "Date": "LocalDate", "Timestamp": "Timestamp",
        "Any": "AnyValue", "Vector": "[Double]",
    ]
}

extension Origin {
    var isBuiltin: Bool {
        if case .builtin = self { return true }
        return false
    }
}
