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
public enum GeneratedPurpose: String, Hashable, Sendable {
    case implicitKeyField = "IMPLICIT_KEY_FIELD"
    case implicitRefField = "IMPLICIT_REF_FIELD"
    case metadataField = "METADATA_FIELD"
    case entityID = "ENTITY_ID"
    case oneToMany = "QUERY_MULTIPLE_ONE_TO_MANY"
    case oneToOne = "QUERY_SINGLE_ONE_TO_ONE"
    case manyToMany = "QUERY_MULTIPLE_MANY_TO_MANY"
    case count = "QUERY_COUNT"
    case sum = "QUERY_SUM"
    case avg = "QUERY_AVG"
    case min = "QUERY_MIN"
    case max = "QUERY_MAX"
    case search = "QUERY_MULTIPLE_BY_FULL_TEXT_SEARCH"
    case single = "QUERY_SINGLE"
    case multiple = "QUERY_MULTIPLE"
    case similarity = "QUERY_MULTIPLE_BY_SIMILARITY"
    case insertSingle = "INSERT_SINGLE"
    case insertMultiple = "INSERT_MULTIPLE"
    case upsertSingle = "UPSERT_SINGLE"
    case upsertMultiple = "UPSERT_MULTIPLE"
    case updateSingle = "UPDATE_SINGLE"
    case updateMultiple = "UPDATE_MULTIPLE"
    case deleteSingle = "DELETE_SINGLE"
    case deleteMultiple = "DELETE_MULTIPLE"
}

/// The files of the emulator's `.dataconnect/schema/main` folder.
public enum GeneratedFile: String, CaseIterable, Hashable, Sendable {
    case implicit, input, query, mutation, relation

    /// Path relative to the schema output folder, e.g. `main/input.gql`.
    public var relativePath: String { "main/\(rawValue).gql" }
}
