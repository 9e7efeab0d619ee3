/// What the client file and README need to know about one operation: its name and kind, in
/// connector order (spec §9).
public struct OperationSummary: Hashable, Sendable {
    /// The GraphQL operation name, verbatim.
    public var name: String
    public var kind: OperationKind

    public init(name: String, kind: OperationKind) {
        self.name = name
        self.kind = kind
    }

    /// `AddBookMutation`.
    public var className: String { GeneratedNames.operationClass(operationName: name, kind: kind) }

    /// `addBookMutation`.
    public var propertyName: String { GeneratedNames.connectorProperty(operationClass: className) }
}
