import GraphQL
import Schema

/// The named types the emitter needs besides the operations: enums in use, every table's key,
/// and the input types variables reach.
struct TypeCatalog {
    var enums: [IREnum] = []
    var keyTypes: [IRKeyType] = []
    var inputTypes: [IRInputType] = []

    init(schema: Schema, connectors: [IRConnector]) {
        var used: Set<String> = []
        var pending: [String] = []
        for connector in connectors {
            for operation in connector.operations {
                pending += operation.variables.map(\.type.namedType)
                Self.fieldTypes(operation.selection, into: &used)
            }
        }
        // Follow input objects to every type they reach.
        while let name = pending.popLast() {
            guard used.insert(name).inserted, let type = schema.type(named: name), type.kind == .inputObject else { continue }
            pending += type.inputFields.map(\.type.namedType)
        }
        for name in schema.typeNames where used.contains(name) {
            guard let type = schema.type(named: name) else { continue }
            switch type.kind {
            case .enumType:
                enums.append(IREnum(name: name, values: type.enumValues.map(\.name), description: type.description))
            case .inputObject:
                inputTypes.append(IRInputType(name: name, description: type.description, fields: type.inputFields.map {
                    IRInputField(name: $0.name, type: $0.type, defaultText: $0.defaultValue?.description,
                                 isForbiddenInVariables: $0.isForbiddenInVariables)
                }))
            default:
                break
            }
        }
        for name in schema.entityNames {
            guard let entity = schema.entity(named: name), entity.kind == .table, let type = schema.type(named: name) else { continue }
            let fields = entity.keyFields.compactMap { key in
                type.field(named: key).map { IRKeyField(name: key, type: $0.type.nonNull) }
            }
            keyTypes.append(IRKeyType(table: name, inputType: "\(name)_Key", outputType: "\(name)_KeyOutput", fields: fields))
        }
    }

    private static func fieldTypes(_ fields: [IRField], into used: inout Set<String>) {
        for field in fields {
            used.insert(field.type.namedType)
            fieldTypes(field.children, into: &used)
        }
    }
}
