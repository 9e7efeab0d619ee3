import Schema

extension SchemaField {
    /// The argument of this name.
    public func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}
