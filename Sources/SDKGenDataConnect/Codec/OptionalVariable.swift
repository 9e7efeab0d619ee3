import Foundation

/// Marks an optional operation variable and remembers whether it was assigned, so unset
/// variables are omitted from the request while ones set to `nil` are sent as `null`.
///
/// Generated code declares `@OptionalVariable public var limit: Int?` and encodes the
/// variable only `if $limit.isSet`.
@propertyWrapper
public struct OptionalVariable<Value> where Value: Encodable {
    /// `true` once a value (including `nil`) was assigned.
    public private(set) var isSet: Bool
    private var storage: Value?

    /// The variable's value; assigning marks it set.
    public var wrappedValue: Value? {
        get { storage }
        set {
            storage = newValue
            isSet = true
        }
    }

    /// An unset variable.
    public init() {
        isSet = false
        storage = nil
    }

    /// A set variable (also when `initialValue` is `nil`).
    public init(wrappedValue initialValue: Value?) {
        isSet = true
        storage = initialValue
    }

    /// The wrapper itself, for `$name.isSet`.
    public var projectedValue: Self { self }
}

extension OptionalVariable: Encodable {
    /// Encodes the wire form of the value when set and nothing otherwise.
    public func encode(to encoder: Encoder) throws {
        guard isSet else { return }
        try WireEncoded(value: storage).encode(to: encoder)
    }
}

extension OptionalVariable: Sendable where Value: Sendable {}

extension OptionalVariable: Equatable where Value: Equatable {}

extension OptionalVariable: Hashable where Value: Hashable {}
