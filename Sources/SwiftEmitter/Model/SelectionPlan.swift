import IR

/// A `Data` struct or one of its nested selection structs, with every Swift name decided.
struct SelectionPlan: Hashable, Sendable {
    struct Property: Hashable, Sendable {
        /// Response key: JSON key, Swift property and coding key.
        var name: String
        /// `name` as a Swift identifier (`SwiftIdentifier.escaped`), spelled once for every use.
        var escaped: String
        /// Full Swift type, e.g. `[Book]` or `LocalDate?`.
        var swiftType: String
        var description: String?
        /// The struct of an object-typed field, declared just before the property.
        var nested: SelectionPlan?
    }

    /// Present when every primary-key field of the table is selected: the struct is then
    /// `Hashable`, `Equatable` and `Identifiable` by its key (as in FriendlyFlix, see docs/sources.md).
    struct Key: Hashable, Sendable {
        /// `BookKey`.
        var structName: String
        /// `bookKey`; nil when a selected field already has that name.
        var propertyName: String?
        /// Key-struct initializer labels with the properties that supply them.
        var arguments: [Argument]
        /// How the struct satisfies `Identifiable`.
        var identity: Identity

        enum Identity: Hashable, Sendable {
            /// A selected field named `id` (Firebase's case: the key field `id`).
            case property
            /// No field is named `id`: a computed `id` returns the key struct.
            case computedKey
            /// A field named `id` whose type is not `Hashable`: no `Identifiable`.
            case none
        }

        struct Argument: Hashable, Sendable {
            var label: String
            /// The property, escaped.
            var property: String
        }
    }

    var name: String
    var properties: [Property]
    var key: Key?
}

/// Decides struct names and Swift types for an operation's selection tree.
struct SelectionPlanner {
    let types: SwiftTypes
    /// Key structs by table name.
    let keys: [String: KeyStruct]
    /// Type names the generated code refers to, which no nested struct may shadow.
    let reserved: Set<String>

    /// Swift and runtime types that generated bodies mention.
    static let referencedTypes: Set<String> = [
        "String", "Int", "Int64", "Double", "Bool", "UUID", "LocalDate", "Timestamp", "AnyValue", "Optional", "Array",
        "CodecHelper", "CodingKey", SupportDeclarations.codingKey, SupportDeclarations.comparison,
        SupportDeclarations.equality, "Decoder", "Encoder", "Hasher", "Data", "Variables", "Ref",
        "OperationName", "OperationResult", "OperationVariable", "OptionalVariable", "QueryRefObservation",
        "QueryRefObservableObject", "MutationRef", "QueryFetchPolicy", "DataConnect", "Decodable", "Encodable",
        "Sendable", "Hashable", "Equatable", "Identifiable", "Self", "Type", InputDeclarations.boxName,
    ]

    /// `enclosing` names the structs this one is nested in, innermost last. Fields without a
    /// Swift type have no property; they are appended to `unrepresentable`.
    func plan(name: String, typeName: String?, fields: [IRField], enclosing: [String], unrepresentable: inout [IRField]) -> SelectionPlan {
        // `reserved` is large (every type of the package), so it is consulted, never copied. The
        // other names are a handful each: searched in place, cheaper than building sets.
        var nestedNames: [String] = []
        func isTaken(_ candidate: String) -> Bool {
            candidate == name || reserved.contains(candidate) || enclosing.contains(candidate)
                || nestedNames.contains(candidate) || fields.contains { $0.isEmitted && $0.responseKey == candidate }
        }
        var properties: [SelectionPlan.Property] = []
        for field in fields where field.isEmitted {
            let type = field.isConditional ? field.type.nullable : field.type
            var nested: SelectionPlan?
            let base: String
            if !field.children.isEmpty {
                let nestedName = GeneratedNames.nestedStruct(
                    typeName: field.type.namedType, alias: field.alias, fieldName: field.name, isTaken: isTaken)
                nestedNames.append(nestedName)
                nested = plan(name: nestedName, typeName: field.type.namedType, fields: field.children, enclosing: enclosing + [name],
                              unrepresentable: &unrepresentable)
                base = SwiftIdentifier.escaped(nestedName)
            } else if let scalar = types.baseType(field.type.namedType) {
                base = scalar
            } else {
                unrepresentable.append(field)
                continue
            }
            properties.append(.init(name: field.responseKey, escaped: SwiftIdentifier.escaped(field.responseKey),
                                    swiftType: SwiftTypeMapper.swiftType(type, base: base), description: field.userDescription, nested: nested))
        }
        let key = typeName.flatMap { keyPlan(table: $0, structName: name, fields: fields, properties: properties) }
        return SelectionPlan(name: name, properties: properties, key: key)
    }

    private func identity(_ properties: [SelectionPlan.Property]) -> SelectionPlan.Key.Identity {
        guard let id = properties.first(where: { $0.name == "id" }) else { return .computedKey }
        // Selection structs are Hashable only when keyed; scalars, enums and keys always are.
        return id.nested == nil || id.nested?.key != nil ? .property : .none
    }

    private func keyPlan(
        table: String, structName: String, fields: [IRField], properties: [SelectionPlan.Property]
    ) -> SelectionPlan.Key? {
        guard let keyStruct = keys[table], !keyStruct.fields.isEmpty else { return nil }
        var arguments: [SelectionPlan.Key.Argument] = []
        for keyField in keyStruct.fields {
            guard let field = fields.first(where: { $0.isEmitted && $0.name == keyField.name && !$0.children.contains(where: \.isEmitted) }),
                  let property = properties.first(where: { $0.name == field.responseKey }),
                  property.swiftType == keyField.swiftType else { return nil }
            arguments.append(.init(label: keyField.name, property: property.escaped))
        }
        let propertyName = GeneratedNames.keyProperty(nestedStruct: structName)
        let isSelected = properties.contains { $0.name == propertyName }
        return SelectionPlan.Key(
            structName: keyStruct.name, propertyName: isSelected ? nil : propertyName,
            arguments: arguments, identity: identity(properties))
    }
}
