import Schema

/// The arguments or input fields being visited, and what rules ask about them (worked out when asked).
public struct InputFacts: Sendable {
    let declared: [SchemaInputValue]

    static let empty = InputFacts(declared: [])

    /// Non-null members without a default.
    public var required: [SchemaInputValue] { declared.filter { $0.type.isNonNull && $0.defaultValue == nil } }
    public var oneOfGroups: [OneOfGroup] { OneOfGroup.groups(in: declared) }
}
