/// The hooks of `ValidationRule`, so that the walk calls a rule only for the nodes it handles.
public struct ValidationHooks: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let operation = ValidationHooks(rawValue: 1 << 0)
    public static let leaveOperation = ValidationHooks(rawValue: 1 << 1)
    public static let fragment = ValidationHooks(rawValue: 1 << 2)
    public static let otherDefinition = ValidationHooks(rawValue: 1 << 3)
    public static let variableDefinition = ValidationHooks(rawValue: 1 << 4)
    public static let selectionSet = ValidationHooks(rawValue: 1 << 5)
    public static let field = ValidationHooks(rawValue: 1 << 6)
    public static let fragmentSpread = ValidationHooks(rawValue: 1 << 7)
    public static let inlineFragment = ValidationHooks(rawValue: 1 << 8)
    public static let directives = ValidationHooks(rawValue: 1 << 9)
    public static let directive = ValidationHooks(rawValue: 1 << 10)
    public static let arguments = ValidationHooks(rawValue: 1 << 11)
    public static let argument = ValidationHooks(rawValue: 1 << 12)
    public static let value = ValidationHooks(rawValue: 1 << 13)
    public static let objectValue = ValidationHooks(rawValue: 1 << 14)
    public static let objectField = ValidationHooks(rawValue: 1 << 15)
    public static let leaveDocument = ValidationHooks(rawValue: 1 << 16)
    public static let all = ValidationHooks(rawValue: (1 << 17) - 1)
}
