import Diagnostics

extension Parser {
    /// `extend schema|scalar|type|interface|union|enum|input ...`. An extension must add something.
    mutating func parseTypeSystemExtension() throws -> Definition {
        let start = token.range.start
        try expectKeyword("extend")
        let keyword = token.kind == .name ? lexer.text(of: token) : ""
        if keyword == "schema" { return .schemaExtension(try parseSchemaDefinition(from: start, description: nil, isExtension: true)) }
        guard let kind = TypeDefinition.Kind(rawValue: keyword) else { throw unexpected() }
        let node = try parseTypeDefinition(kind, from: start, description: nil)
        if node.interfaces.isEmpty, node.directives.isEmpty, node.fields.isEmpty, node.types.isEmpty, node.values.isEmpty,
           node.inputFields.isEmpty {
            throw unexpected()
        }
        return .typeExtension(node)
    }
}
