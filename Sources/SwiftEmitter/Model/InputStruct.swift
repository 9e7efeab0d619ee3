import IR

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

    /// The structs of `inputTypes` (a connector's, in the IR's order). Fields that can only be
    /// written inline (`_expr`, `@fdc_forbiddenInVariables`) are left out.
    static func all(_ inputTypes: [IRInputType], in types: SwiftTypes) -> [InputStruct] {
        let recursive = recursiveEdges(inputTypes, in: types)
        return inputTypes.map { type in
            let fields = type.fields.filter { !$0.isForbiddenInVariables }.compactMap { field -> Field? in
                guard let base = types.inputBaseType(field.type.namedType) else { return nil }
                let isBoxed = recursive.contains("\(type.name).\(field.name)")
                return Field(
                    name: field.name, swiftType: SwiftTypeMapper.swiftType(field.type.nonNull, base: base),
                    isRequired: field.type.isNonNull && field.defaultText == nil && !isBoxed,
                    isBoxed: isBoxed, description: field.description)
            }
            return InputStruct(name: type.name, description: type.description, fields: fields)
        }
    }

    /// `Type.field` for every non-list field whose struct can reach the field's own struct again
    /// through non-list fields: storing those directly would give the struct infinite size.
    private static func recursiveEdges(_ inputTypes: [IRInputType], in types: SwiftTypes) -> Set<String> {
        var edges: [String: [(field: String, target: String)]] = [:]
        for type in inputTypes {
            edges[type.name] = type.fields
                .filter { !$0.isForbiddenInVariables && !$0.type.isList && types.isInputStruct($0.type.namedType) }
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
