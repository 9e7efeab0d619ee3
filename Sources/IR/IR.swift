import Diagnostics
import GraphQL
import Schema

/// The lowered form of a project: every operation of every connector, typed, with validation's
/// findings attached, and the schema types that generated SDKs declare. With a connector's
/// `swiftSdk` entry it is the whole input of the Swift emitter.
public struct IR: Sendable {
    /// `serviceId` of dataconnect.yaml.
    public var serviceId: String
    /// `location` of dataconnect.yaml; nil when it has none.
    public var location: String?
    public var connectors: [IRConnector]
    /// Every enum the schema declares (not the prelude's), in declaration order; SDKs declare
    /// them all, used or not.
    public var enums: [IREnum]
    /// The key of every table, in the byte order of the table names followed by `_` (which is
    /// that of the `<Table>_Key` names); SDKs declare a key struct per table.
    public var keyTypes: [IRKeyType]
}

// In an extension, so that the memberwise initializer stays.
extension IR {
    /// An empty IR, for `validate --json` when lowering did not run.
    public init() { self.init(serviceId: "", location: nil, connectors: [], enums: [], keyTypes: []) }
}

/// One connector: its operations in file and source order.
public struct IRConnector: Sendable {
    public var id: String
    /// Where connector.yaml writes `connectorId`, for diagnostics about the names it forms.
    public var idSpan: SourceSpan?
    public var operations: [IROperation]
    /// The input object types the connector's SDK declares: those reachable from the variables
    /// of its queries and mutations, leaving out what is `@retired` and key inputs (see
    /// `IR.keyTypes`), through fields that a variable may set. In first-use order: operations,
    /// then variables, in source order, each type before the types its fields reach.
    public var inputTypes: [IRInputType]
    /// Diagnostics of the connector that lie outside every operation (fragments, stray definitions).
    public var diagnostics: [Diagnostic]
}

/// A query or mutation.
public struct IROperation: Sendable {
    public var name: String
    public var kind: OperationType
    /// The operation's description string (`"..."` or `"""..."""` before it); `#` comments are not documentation.
    public var description: String?
    public var file: SourceFile
    public var range: SourceRange
    /// The operation's name as written (its whole range for an anonymous one).
    public var nameRange: SourceRange
    /// Every directive of the operation as written.
    public var directives: [IRDirective]
    /// `@auth`, parsed; nil when absent (only admin credentials may run the operation).
    public var auth: IRAuth?
    /// Every `@refresh`, parsed.
    public var refresh: [IRRefresh]
    public var isTransaction: Bool
    /// `@retired`: still served, left out of generated SDKs.
    public var isRetired: Bool
    public var variables: [IRVariable]
    /// The fragments the operation spreads, directly or indirectly, in first-use order.
    public var fragmentsUsed: [String]
    /// The root fields, fragments inlined and same-key fields merged.
    public var selection: [IRField]
    /// The rows a query reads, or a mutation writes, by primary key (implicit realtime refresh).
    public var keyedRows: [IREntityRow]
    /// Diagnostics located inside the operation; errors mean the IR may be incomplete.
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// A directive use, arguments printed as GraphQL source.
public struct IRDirective: Sendable, Hashable {
    public var name: String
    public var arguments: [IRArgument]
}

/// An argument: name, syntax tree and canonical GraphQL text.
public struct IRArgument: Sendable, Hashable {
    public var name: String
    public var value: Value

    /// The value printed canonically, e.g. `{title: {eq: $title}}` (printed on demand: most
    /// consumers never need the text).
    public var text: String { Printer.print(value) }
}

/// `@auth(level:, expr:, insecureReason:)`.
public struct IRAuth: Sendable, Hashable {
    /// An `AccessLevel` value such as `PUBLIC` or `USER`.
    public var level: String?
    /// The CEL condition.
    public var expression: String?
    public var insecureReason: String?
}

/// `@refresh(every:)` or `@refresh(onMutationExecuted:)`.
public struct IRRefresh: Sendable, Hashable {
    /// `every`, as unit → amount (`seconds: 30`), in source order; empty when not given.
    public var every: [IRDurationPart]
    public var onMutationExecuted: [IRMutationEvent]
}

/// One unit of a `@refresh(every:)` duration, e.g. `seconds: 30`.
public struct IRDurationPart: Sendable, Hashable {
    public var unit: String
    public var amount: Int
}

/// One `@refresh(onMutationExecuted:)` event: the mutation and an optional CEL condition.
public struct IRMutationEvent: Sendable, Hashable {
    public var operation: String
    public var condition: String?
}

/// One row of a table named by its primary key in an operation.
public struct IREntityRow: Sendable, Hashable {
    /// The table's type name.
    public var table: String
    /// Where each key field's value comes from, in key order; `nil` when not known before the
    /// operation runs (a server-generated id, `first:`, the `Many` forms).
    public var key: [IRKeyPart]?
}

/// A key field and the source of its value.
public struct IRKeyPart: Sendable, Hashable {
    public var field: String
    public var source: IRKeySource
}

/// Where a key field's value comes from.
public enum IRKeySource: Sendable, Hashable {
    /// A variable, or a field path inside an object variable (`["key", "id"]` is `$key.id`).
    case variable([String])
    /// `auth.uid` through a `_expr` field.
    case authUID
    /// A string or integer literal, as text.
    case literal(String)
}

/// A variable of an operation.
public struct IRVariable: Sendable {
    public var name: String
    public var type: TypeRef
    public var defaultValue: Value?
    public var description: String?
    public var directives: [IRDirective]
    public var isRetired: Bool
    public var range: SourceRange

    /// The default printed as GraphQL source, or nil.
    public var defaultText: String? { defaultValue.map(Printer.print) }
}

/// One selected field after CollectFields.
public struct IRField: Sendable {
    /// The alias, else the field name.
    public var responseKey: String
    public var name: String
    public var arguments: [IRArgument]
    /// The type the field is selected on.
    public var parentType: String
    /// The field's type in the schema, e.g. `[Movie!]!`.
    public var type: TypeRef
    /// The description the user wrote on the schema field; nil for fields Data Connect
    /// synthesizes, whose descriptions are sdkgen's own wording.
    public var userDescription: String?
    /// The table or view behind the field's named type, when it is one.
    public var table: String?
    /// Whether the field is a primary-key field of the table it is selected on.
    public var isKeyField: Bool
    /// Directives of every merged occurrence, in source order.
    public var directives: [IRDirective]
    /// `@redact` on the field or an enclosing fragment: evaluated, but not in the response.
    public var isRedacted: Bool
    /// `@retired`: left out of generated SDKs.
    public var isRetired: Bool
    /// `@skip`/`@include` on the field or an enclosing fragment: it may be missing from the response.
    public var isConditional: Bool
    /// How many fields were merged into this one (1 when it was written once).
    public var mergedOccurrences: Int
    /// The subselection: empty for a leaf (scalar or enum) field, never empty for an object
    /// field of an operation without errors.
    public var children: [IRField]
    public var file: SourceFile
    public var range: SourceRange
}

/// An enum the schema declares.
public struct IREnum: Sendable, Hashable {
    public var name: String
    /// In declaration order.
    public var values: [IREnumValue]
    public var description: String?
    /// Where the schema declares the enum.
    public var span: SourceSpan?
}

/// A value of an enum.
public struct IREnumValue: Sendable, Hashable {
    public var name: String
    public var description: String?
    /// Where the schema declares the value.
    public var span: SourceSpan?
}

/// A table's key: `<Table>_Key` input and `<Table>_KeyOutput` result.
public struct IRKeyType: Sendable, Hashable {
    public var table: String
    public var inputType: String
    public var outputType: String
    /// The expanded key fields with their column types (non-null), in the order the table
    /// declares them (a foreign key where its reference field is declared), which is the order
    /// Firebase's SDKs use.
    public var fields: [IRKeyField]
    /// Where the schema declares the table.
    public var span: SourceSpan?
}

/// A key field and its column type.
public struct IRKeyField: Sendable, Hashable {
    public var name: String
    public var type: TypeRef
}

/// An input object type used by variables.
public struct IRInputType: Sendable, Hashable {
    public var name: String
    /// The description the user wrote; nil for the input types Data Connect synthesizes.
    public var description: String?
    /// Every field, in schema order.
    public var fields: [IRInputField]
}

/// A field of an input object type.
public struct IRInputField: Sendable, Hashable {
    public var name: String
    public var type: TypeRef
    public var defaultText: String?
    /// `@fdc_forbiddenInVariables`: cannot be set through a variable, so SDK inputs omit it.
    public var isForbiddenInVariables: Bool
    /// The description the user wrote; nil for synthesized fields.
    public var description: String?
}
