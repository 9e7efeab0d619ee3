import Diagnostics
import Schema

/// A schema enum declared by the user, rendered with an `_UNKNOWN(String)` case
/// (docs/generated-code.md, "Enums").
struct UserEnum: Hashable, Sendable {
    struct Value: Hashable, Sendable {
        var name: String
        var description: String?
        /// Where the schema declares the value, for diagnostics.
        var span: SourceSpan?
    }

    var name: String
    var description: String?
    var values: [Value]
    /// Where the schema declares the enum, for diagnostics.
    var span: SourceSpan?

    /// The associated-value case that carries values this SDK does not know.
    static let unknownCase = "_UNKNOWN"

    /// Every enum of `schema` that is not part of the prelude, in declaration order. All are
    /// emitted, used or not, as keys are for every table.
    static func all(in schema: Schema) -> [UserEnum] {
        schema.typeNames.compactMap(schema.type(named:))
            .filter { $0.kind == .enumType && !$0.origin.isBuiltin && !$0.origin.isGenerated }
            .map { type in
                UserEnum(name: type.name, description: type.description,
                         values: type.enumValues.map { Value(name: $0.name, description: $0.description, span: $0.origin.source) },
                         span: type.origin.source)
            }
    }
}
