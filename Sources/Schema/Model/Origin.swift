import Diagnostics

/// Where a schema element comes from.
public enum Origin: Hashable, Sendable {
    /// Part of sdkgen's built-in prelude.
    case builtin
    /// Written by the user; the span points at its declaration.
    indirect case declared(SourceSpan)
    /// Synthesized from the user's schema.
    // Boxed: members are copied often, and a box costs one reference count instead of several.
    indirect case generated(Generated)

    /// The user's declaration, or for a generated element the declaration that caused it.
    public var source: SourceSpan? {
        switch self {
        case .builtin: nil
        case .declared(let span): span
        case .generated(let generated): generated.cause
        }
    }

    public var isGenerated: Bool {
        if case .generated = self { return true }
        return false
    }

    public var generated: Generated? {
        if case .generated(let generated) = self { return generated }
        return nil
    }
}

/// Details of a synthesized element.
public struct Generated: Hashable, Sendable {
    /// Why it exists (`QUERY_SINGLE`, `IMPLICIT_KEY_FIELD`, …); nil for generated input types and
    /// scalars, which the emulator does not tag either.
    public var purpose: GeneratedPurpose?
    /// The type of the schema coordinate it derives from (`Review` in `Review.movie`).
    public var fromType: String?
    /// The member part of that coordinate (`movie` in `Review.movie`); kept apart so that synthesis
    /// does not build a string per element.
    public var fromMember: String?
    /// The generated SDL file it is printed in; nil for arguments and input fields, which are
    /// printed with the field or type that holds them.
    public var file: GeneratedFile?
    /// The user declaration that caused it, for diagnostics.
    public var cause: SourceSpan?

    /// The schema coordinate it derives from (`Movie`, `Review.movie`, `Book.library,isbn`).
    public var from: String? {
        guard let fromType else { return nil }
        return fromMember.map { "\(fromType).\($0)" } ?? fromType
    }
}

/// The `@fdc_generated(purpose:)` value of a synthesized field.
public struct GeneratedPurpose: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let implicitKeyField = GeneratedPurpose(rawValue: "IMPLICIT_KEY_FIELD")
    public static let implicitRefField = GeneratedPurpose(rawValue: "IMPLICIT_REF_FIELD")
    public static let metadataField = GeneratedPurpose(rawValue: "METADATA_FIELD")
    public static let entityID = GeneratedPurpose(rawValue: "ENTITY_ID")
    public static let oneToMany = GeneratedPurpose(rawValue: "QUERY_MULTIPLE_ONE_TO_MANY")
    public static let oneToOne = GeneratedPurpose(rawValue: "QUERY_SINGLE_ONE_TO_ONE")
    public static let manyToMany = GeneratedPurpose(rawValue: "QUERY_MULTIPLE_MANY_TO_MANY")
    public static let count = GeneratedPurpose(rawValue: "QUERY_COUNT")
    public static let sum = GeneratedPurpose(rawValue: "QUERY_SUM")
    public static let avg = GeneratedPurpose(rawValue: "QUERY_AVG")
    public static let min = GeneratedPurpose(rawValue: "QUERY_MIN")
    public static let max = GeneratedPurpose(rawValue: "QUERY_MAX")
    public static let search = GeneratedPurpose(rawValue: "QUERY_MULTIPLE_BY_FULL_TEXT_SEARCH")
    public static let single = GeneratedPurpose(rawValue: "QUERY_SINGLE")
    public static let multiple = GeneratedPurpose(rawValue: "QUERY_MULTIPLE")
    public static let similarity = GeneratedPurpose(rawValue: "QUERY_MULTIPLE_BY_SIMILARITY")
    public static let insertSingle = GeneratedPurpose(rawValue: "INSERT_SINGLE")
    public static let insertMultiple = GeneratedPurpose(rawValue: "INSERT_MULTIPLE")
    public static let upsertSingle = GeneratedPurpose(rawValue: "UPSERT_SINGLE")
    public static let upsertMultiple = GeneratedPurpose(rawValue: "UPSERT_MULTIPLE")
    public static let updateSingle = GeneratedPurpose(rawValue: "UPDATE_SINGLE")
    public static let updateMultiple = GeneratedPurpose(rawValue: "UPDATE_MULTIPLE")
    public static let deleteSingle = GeneratedPurpose(rawValue: "DELETE_SINGLE")
    public static let deleteMultiple = GeneratedPurpose(rawValue: "DELETE_MULTIPLE")
}

/// The files of the emulator's `.dataconnect/schema/main` folder.
public enum GeneratedFile: String, CaseIterable, Hashable, Sendable {
    case implicit, input, query, mutation, relation

    /// Path relative to the schema output folder, e.g. `main/input.gql`.
    public var relativePath: String { "main/\(rawValue).gql" }
}
