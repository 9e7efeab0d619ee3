import Schema

/// A Swift struct for a GraphQL input object used by a variable, e.g. `Movie_Filter`. Firebase's
/// Swift output has none that is public, so the shape is sdkgen's own.
struct InputStruct: Hashable, Sendable {
    struct Field: Hashable, Sendable {
        var name: String
        /// Swift type of the value, without the optional marker.
        var swiftType: String
        /// Non-null without default: an initializer parameter without default and always sent.
        var isRequired: Bool
        /// Stored through `InputBox` because the type can contain itself (`_not: Movie_Filter`).
        var isBoxed: Bool
        var description: String?
    }

    var name: String
    var description: String?
    var fields: [Field]

    /// Fields that can only be written inline (`_expr`, `@fdc_forbiddenInVariables`) are left
    /// out. Input objects reachable from `operations`' variables, in first-use order.
    static func reachable(from operations: [SwiftOperation], in schema: Schema) -> [InputStruct] {
        var order: [String] = []
        var seen: Set<String> = []
        func visit(_ name: String) {
            guard isStruct(name, in: schema), seen.insert(name).inserted, let type = schema.type(named: name) else { return }
            order.append(name)
            for field in type.inputFields where !field.isForbiddenInVariables { visit(field.type.namedType) }
        }
        for operation in operations {
            for variable in operation.variables { visit(variable.type.namedType) }
        }
        let recursive = recursiveEdges(order, in: schema)
        return order.compactMap { name in
            guard let type = schema.type(named: name) else { return nil }
            let fields = type.inputFields.filter { !$0.isForbiddenInVariables }.compactMap { field -> Field? in
                guard let base = baseType(field.type.namedType, in: schema) else { return nil }
                let isBoxed = recursive.contains("\(name).\(field.name)")
                return Field(
                    name: field.name, swiftType: SwiftTypeMapper.swiftType(field.type.nonNull, base: base),
                    isRequired: field.type.isNonNull && field.defaultValue == nil && !isBoxed,
                    isBoxed: isBoxed, description: declared(field.origin) ? field.description : nil)
            }
            return InputStruct(name: name, description: declared(type.origin) ? type.description : nil, fields: fields)
        }
    }

    /// Only descriptions the user wrote are copied, not those of generated input types.
    private static func declared(_ origin: Origin) -> Bool {
        if case .declared = origin { return true }
        return false
    }

    /// Whether the GraphQL type `name` becomes an input struct (key inputs have key structs).
    static func isStruct(_ name: String, in schema: Schema) -> Bool {
        schema.type(named: name)?.kind == .inputObject && SwiftTypeMapper.baseType(forNamed: name, in: schema) == nil
    }

    /// Swift base type of an input field or variable: mapped scalars, enums and keys, else the
    /// input struct.
    static func baseType(_ name: String, in schema: Schema) -> String? {
        SwiftTypeMapper.baseType(forNamed: name, in: schema) ?? (isStruct(name, in: schema) ? SwiftIdentifier.escaped(name) : nil)
    }

    /// `Type.field` for every non-list field whose struct can reach the field's own struct again
    /// through non-list fields: storing those directly would give the struct infinite size.
    private static func recursiveEdges(_ names: [String], in schema: Schema) -> Set<String> {
        var edges: [String: [(field: String, target: String)]] = [:]
        for name in names {
            edges[name] = (schema.type(named: name)?.inputFields ?? [])
                .filter { !$0.isForbiddenInVariables && !$0.type.isList && isStruct($0.type.namedType, in: schema) }
                .map { ($0.name, $0.type.namedType) }
        }
        func reaches(_ start: String, _ goal: String) -> Bool {
            var stack = [start]
            var visited: Set<String> = []
            while let next = stack.popLast() {
                if next == goal { return true }
                guard visited.insert(next).inserted else { continue }
                stack += (edges[next] ?? []).map(\.target)
            }
            return false
        }
        var result: Set<String> = []
        for (name, fields) in edges {
            for field in fields where reaches(field.target, name) { result.insert("\(name).\(field.field)") }
        }
        return result
    }
}
