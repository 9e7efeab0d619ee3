/// The operations and fragments of a document, in document order, for the stages that want one kind only.
extension Document {
    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let node) = $0 { node } else { nil } }
    }

    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let node) = $0 { node } else { nil } }
    }
}
