/// What the client file and README need to know about one operation: its name and kind, in
/// connector order (spec §9).
public struct OperationSummary: Hashable, Sendable {
    /// The GraphQL operation name, verbatim.
    public let name: String
    public let kind: OperationKind
    /// `AddBookMutation`.
    public let className: String
    /// `addBookMutation`.
    public let propertyName: String

    public init(name: String, kind: OperationKind) {
        self.name = name
        self.kind = kind
        // Worked out once: renderers mention the class name many times per operation.
        className = GeneratedNames.operationClass(operationName: name, kind: kind)
        propertyName = GeneratedNames.connectorProperty(operationClass: className)
    }
}
