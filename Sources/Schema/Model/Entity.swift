import Diagnostics

/// A user table or view with the facts synthesis derived for it; the Swift emitter and the
/// operation validator use these instead of re-deriving naming and key rules.
public struct Entity: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case table, view }

    public var name: String
    public var kind: Kind
    /// Root-field singular, e.g. `movie` (custom `singular:` used verbatim).
    public var singular: String
    /// Root-field plural, e.g. `movies`.
    public var plural: String
    /// The expanded primary key: column field names, foreign keys included. Empty for views.
    public var keyFields: [String]
    /// Reference fields of this entity, in declaration order.
    public var references: [Reference]
    /// The type declaration.
    public var source: SourceSpan?
}

/// A field of one entity that points at a row of another (`author: User!`).
public struct Reference: Hashable, Sendable {
    /// The reference field's name.
    public var field: String
    /// The referenced entity type.
    public var target: String
    /// The foreign-key column fields on the referencing entity, in order.
    public var foreignKeys: [String]
    /// The referenced fields of the target, parallel to `foreignKeys`.
    public var targetFields: [String]
    /// One-to-one: the reverse field returns at most one row.
    public var isOneToOne: Bool
}
