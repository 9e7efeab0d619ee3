import IR

/// A schema enum declared by the user, rendered with an `_UNKNOWN(String)` case
/// (docs/generated-code.md, "Enums"): the IR's enum as it is.
typealias UserEnum = IREnum

extension IREnum {
    /// The associated-value case that carries values this SDK does not know.
    static let unknownCase = "_UNKNOWN"
}
