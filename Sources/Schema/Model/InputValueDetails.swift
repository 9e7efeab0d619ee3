/// The description, default value and directives of an argument or input field, in one box that
/// members share.
///
/// Generated arguments and input fields are most of a large schema, and they repeat a few dozen
/// combinations of these three ("Condition on the column.", no default, no directives). Boxed and
/// shared, they cost each member one reference instead of most of its size. Equality compares
/// contents, so sharing is never observable.
public final class InputValueDetails: Hashable, Sendable {
    public let description: String?
    public let defaultValue: ConstValue?
    public let directives: [DirectiveUse]

    /// No description, default or directives.
    public static let none = InputValueDetails()

    public init(description: String? = nil, defaultValue: ConstValue? = nil, directives: [DirectiveUse] = []) {
        self.description = description
        self.defaultValue = defaultValue
        self.directives = directives
    }

    public static func == (lhs: InputValueDetails, rhs: InputValueDetails) -> Bool {
        lhs === rhs
            || (lhs.description == rhs.description && lhs.defaultValue == rhs.defaultValue && lhs.directives == rhs.directives)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
        hasher.combine(defaultValue)
        hasher.combine(directives)
    }
}
