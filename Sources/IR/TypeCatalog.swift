import GraphQL
import Schema

/// The schema types SDKs declare besides the operations: enums, table keys, input types (in the orders `IR` documents).
struct TypeCatalog {
    let schema: Schema
    /// The `<Table>_Key` input types, which SDKs declare as key types, not input types.
    private let keyInputs: Set<String>
    let enums: [IREnum]
    let keyTypes: [IRKeyType]

    init(schema: Schema) {
        self.schema = schema
        enums = schema.typeNames.compactMap(schema.type(named:)).compactMap { type in
            guard type.kind == .enumType, case .declared(let span) = type.origin else { return nil }
            return IREnum(name: type.name, values: type.enumValues.map { IREnumValue(name: $0.name, description: $0.description, span: $0.origin.source) },
                          description: type.description, span: span)
        }
        let tables = schema.entityNames.compactMap(schema.entity(named:)).filter { $0.kind == .table }
        // Sort keys built once, not per comparison.
        keyTypes = tables.map { (key: Array(($0.name + "_").utf8), table: $0) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .compactMap { Self.keyType(of: $0.table, in: schema) }
        keyInputs = Set(keyTypes.map(\.inputType))
    }

    /// The input types of `operations`' SDK, as `IRConnector.inputTypes` documents them.
    func inputTypes(of operations: [IROperation]) -> [IRInputType] {
        var result: [IRInputType] = []
        var seen: Set<String> = []
        func visit(_ name: String) {
            guard let type = schema.type(named: name), type.kind == .inputObject, !keyInputs.contains(name),
                  seen.insert(name).inserted else { return }
            result.append(IRInputType(name: name, description: type.origin.userWritten(type.description), fields: type.inputFields.map {
                IRInputField(name: $0.name, type: $0.type, defaultText: $0.defaultValue?.description,
                             isForbiddenInVariables: $0.isForbiddenInVariables, description: $0.origin.userWritten($0.description))
            }))
            for field in type.inputFields where !field.isForbiddenInVariables { visit(field.type.namedType) }
        }
        for operation in operations where !operation.isRetired && operation.kind != .subscription {
            for variable in operation.variables where !variable.isRetired { visit(variable.type.namedType) }
        }
        return result
    }

    private static func keyType(of entity: Entity, in schema: Schema) -> IRKeyType? {
        guard let type = schema.type(named: entity.name) else { return nil }
        let fields = declarationOrder(entity, type).compactMap { key in
            type.field(named: key).map { IRKeyField(name: key, type: $0.type.nonNull) }
        }
        return IRKeyType(table: entity.name, inputType: "\(entity.name)_Key", outputType: "\(entity.name)_KeyOutput",
                         fields: fields, span: entity.source)
    }

    /// Key columns in the table's declaration order (a foreign key where its reference field is), as Firebase orders them.
    private static func declarationOrder(_ entity: Entity, _ type: SchemaType) -> [String] {
        guard entity.keyFields.count > 1 else { return entity.keyFields }
        // Positions of only the fields that can own a key column: a table type has dozens of generated fields.
        let owners = entity.keyFields + entity.references.map(\.field)
        var position: [String: Int] = [:]
        for (index, field) in type.fields.enumerated() where owners.contains(field.name) { position[field.name] = index }
        func owner(_ column: String) -> Int {
            if let field = type.field(named: column), case .declared = field.origin { return position[column] ?? -1 }
            if let reference = entity.references.first(where: { $0.foreignKeys.contains(column) }) {
                return position[reference.field] ?? -1
            }
            return -1
        }
        return entity.keyFields.enumerated()
            .sorted { lhs, rhs in
                let (left, right) = (owner(lhs.element), owner(rhs.element))
                return left != right ? left < right : lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}

extension Origin {
    /// `description` when the user wrote it; nil for what Data Connect synthesizes, described in sdkgen's words.
    func userWritten(_ description: String?) -> String? {
        if case .declared = self { return description }
        return nil
    }
}
