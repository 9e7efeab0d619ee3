import Diagnostics

/// A parsed GraphQL document: executable definitions, type-system definitions, or a mix.
///
/// Every node of the tree is a value type that records where it came from (`range`). Equality is
/// honest: two nodes are equal only when their contents AND their source ranges are equal, and two
/// documents also need the same `source` object; later stages rely on ranges to point diagnostics at
/// the right place.
public struct Document: Equatable, Sendable {
    /// The file the document was parsed from.
    public var source: SourceFile
    public var definitions: [Definition]
    public var range: SourceRange

    public init(source: SourceFile, definitions: [Definition], range: SourceRange = .synthesized) {
        self.source = source
        self.definitions = definitions
        self.range = range
    }

    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.source === rhs.source && lhs.range == rhs.range && lhs.definitions == rhs.definitions
    }

    /// The operations, in document order.
    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let node) = $0 { node } else { nil } }
    }

    /// The fragments, in document order.
    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let node) = $0 { node } else { nil } }
    }
}

extension Array where Element == Document {
    /// Every fragment of the documents by name, with its file; the first of a repeated name wins.
    public var fragmentsByName: [String: (definition: FragmentDefinition, file: SourceFile)] {
        let entries = flatMap { document in document.fragments.map { ($0.name.value, (definition: $0, file: document.source)) } }
        return Dictionary(entries, uniquingKeysWith: { first, _ in first })
    }
}

/// One top-level definition of a document.
public enum Definition: Hashable, Sendable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case schema(SchemaDefinition)
    case type(TypeDefinition)
    case directive(DirectiveDefinition)
    case schemaExtension(SchemaDefinition)
    case typeExtension(TypeDefinition)

    public var range: SourceRange {
        switch self {
        case .operation(let node): node.range
        case .fragment(let node): node.range
        case .schema(let node), .schemaExtension(let node): node.range
        case .type(let node), .typeExtension(let node): node.range
        case .directive(let node): node.range
        }
    }
}

/// An identifier (`Name` in the spec) and where it was written.
public struct Name: Hashable, Sendable, CustomStringConvertible {
    public var value: String
    public var range: SourceRange

    public var description: String { value }
}

/// A description string in front of a definition.
public struct Description: Hashable, Sendable {
    /// The string's value after escapes and block-string indentation are processed.
    public var value: String
    /// Whether it was written as a `"""block string"""`; the printer keeps the same form.
    public var isBlockString: Bool
    public var range: SourceRange
}

/// One `@name(arguments)` use of a directive.
public struct Directive: Hashable, Sendable {
    public var name: Name
    public var arguments: [Argument]
    public var range: SourceRange
}

/// One `name: value` argument of a field or directive.
public struct Argument: Hashable, Sendable {
    public var name: Name
    public var value: Value
    public var range: SourceRange
}

extension SourceRange {
    /// The range given to nodes that were built in code rather than parsed; its line is 0, which no
    /// real location has.
    public static let synthesized = SourceRange(at: SourceLocation(offset: 0, line: 0, column: 0))

    /// Whether this is `SourceRange.synthesized`.
    public var isSynthesized: Bool { start.line == 0 }
}
