/// The definitions of a document by kind, in document order, for stages that want one kind only.
extension Document {
    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let node) = $0 { node } else { nil } }
    }

    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let node) = $0 { node } else { nil } }
    }

    public var schemaDefinitions: [SchemaDefinition] {
        definitions.compactMap { if case .schema(let node) = $0 { node } else { nil } }
    }

    public var typeDefinitions: [TypeDefinition] {
        definitions.compactMap { if case .type(let node) = $0 { node } else { nil } }
    }

    public var directiveDefinitions: [DirectiveDefinition] {
        definitions.compactMap { if case .directive(let node) = $0 { node } else { nil } }
    }

    public var schemaExtensions: [SchemaExtension] {
        definitions.compactMap { if case .schemaExtension(let node) = $0 { node } else { nil } }
    }

    public var typeExtensions: [TypeExtension] {
        definitions.compactMap { if case .typeExtension(let node) = $0 { node } else { nil } }
    }
}
