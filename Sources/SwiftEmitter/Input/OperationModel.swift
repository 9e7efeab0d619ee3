import Schema

/// One operation as the emitter renders it: variables and the selection tree with schema types.
/// Built from the validated IR; holds only what the Swift output depends on.
public struct OperationModel: Hashable, Sendable {
    /// The GraphQL operation name, verbatim.
    public let name: String
    public let kind: OperationKind
    /// The name and kind with the Swift names derived from them, for the class, client and README.
    /// Stored: every renderer asks for it, and deriving the names converts case.
    public let summary: OperationSummary
    /// The operation's GraphQL description, rendered as the class's doc comment.
    public var description: String?
    /// Variable definitions in declaration order.
    public var variables: [Variable]
    /// Root fields in selection order, fragments already merged.
    public var selections: [Field]

    public init(name: String, kind: OperationKind, description: String? = nil, variables: [Variable] = [], selections: [Field] = []) {
        self.name = name
        self.kind = kind
        summary = OperationSummary(name: name, kind: kind)
        self.description = description
        self.variables = variables
        self.selections = selections
    }

    /// A variable definition: `$name: Type = default`.
    public struct Variable: Hashable, Sendable {
        /// The name without `$`.
        public var name: String
        /// The declared type, e.g. `[String!]`.
        public var type: TypeRef
        /// Whether the definition has a default value.
        public var hasDefault: Bool
        /// The variable's description, rendered as a doc comment.
        public var description: String?

        public init(name: String, type: TypeRef, hasDefault: Bool = false, description: String? = nil) {
            self.name = name
            self.type = type
            self.hasDefault = hasDefault
            self.description = description
        }

        /// Required variables are parameters of `init`/`ref`/`execute`; the others are set in
        /// the optional-variables closure. A non-null variable with a default may be omitted,
        /// so it is optional too.
        public var isRequired: Bool { type.isNonNull && !hasDefault }
    }

    /// A selected field. Redacted and retired fields are not part of the model.
    public struct Field: Hashable, Sendable {
        /// The alias, if the selection has one.
        public var alias: String?
        public var name: String
        /// The field's schema type, e.g. `[Book!]!`.
        public var type: TypeRef
        /// The schema field's description.
        public var description: String?
        /// `@skip`/`@include` make a field absent at run time, so it becomes optional.
        public var isConditional: Bool
        /// Sub-selections of an object-typed field; empty for scalars and enums.
        public var selections: [Field]

        public init(
            alias: String? = nil, name: String, type: TypeRef, description: String? = nil, isConditional: Bool = false,
            selections: [Field] = []
        ) {
            self.alias = alias
            self.name = name
            self.type = type
            self.description = description
            self.isConditional = isConditional
            self.selections = selections
        }

        /// The JSON key of the field in the response and the Swift property name.
        public var responseKey: String { alias ?? name }
    }
}
