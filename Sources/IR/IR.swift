import Diagnostics
import GraphQL
import Schema

/// The validated, typed form of every operation of every connector: the only input the Swift
/// emitter needs besides the connector's configuration.
public struct IR: Sendable {
    public var connectors: [IRConnector]
    // The three type lists are empty when the IR was built without them
    // (`IRBuilder.build(…, includingTypes: false)`, as `generate` does).
    /// Every enum type of the schema that an operation uses (in a variable, nested inside a
    /// variable's input type, or as a selected field), with its values; schema order.
    public var enums: [IREnum]
    /// The key of every table, in schema declaration order (SDKs emit a key struct per table).
    public var keyTypes: [IRKeyType]
    /// Every input object type reachable from a variable's type, in schema order.
    public var inputTypes: [IRInputType]

    public init(connectors: [IRConnector] = [], enums: [IREnum] = [], keyTypes: [IRKeyType] = [], inputTypes: [IRInputType] = []) {
        self.connectors = connectors
        self.enums = enums
        self.keyTypes = keyTypes
        self.inputTypes = inputTypes
    }
}

/// One connector: its operations in file and source order.
public struct IRConnector: Sendable {
    public var id: String
    public var operations: [IROperation]
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

    public init(level: String? = nil, expression: String? = nil, insecureReason: String? = nil) {
        self.level = level
        self.expression = expression
        self.insecureReason = insecureReason
    }
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

    public init(unit: String, amount: Int) {
        self.unit = unit
        self.amount = amount
    }
}

/// One `@refresh(onMutationExecuted:)` event: the mutation and an optional CEL condition.
public struct IRMutationEvent: Sendable, Hashable {
    public var operation: String
    public var condition: String?

    public init(operation: String, condition: String? = nil) {
        self.operation = operation
        self.condition = condition
    }
}

/// One row of a table named by its primary key in an operation.
public struct IREntityRow: Sendable, Hashable {
    /// The table's type name.
    public var table: String
    /// Where each key field's value comes from, in key order; `nil` when not known before the
    /// operation runs (a server-generated id, `first:`, the `Many` forms).
    public var key: [IRKeyPart]?

    public init(table: String, key: [IRKeyPart]?) {
        self.table = table
        self.key = key
    }
}

/// A key field and the source of its value.
public struct IRKeyPart: Sendable, Hashable {
    public var field: String
    public var source: IRKeySource

    public init(field: String, source: IRKeySource) {
        self.field = field
        self.source = source
    }
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
    public var children: [IRField]
    public var file: SourceFile
    public var range: SourceRange
}

/// A schema enum and its values.
public struct IREnum: Sendable, Hashable {
    public var name: String
    public var values: [String]
    public var description: String?

    public init(name: String, values: [String], description: String? = nil) {
        self.name = name
        self.values = values
        self.description = description
    }
}

/// A table's key: `<Table>_Key` input and `<Table>_KeyOutput` result.
public struct IRKeyType: Sendable, Hashable {
    public var table: String
    public var inputType: String
    public var outputType: String
    /// The expanded key fields with their column types (non-null), in key order.
    public var fields: [IRKeyField]
}

/// A key field and its column type.
public struct IRKeyField: Sendable, Hashable {
    public var name: String
    public var type: TypeRef
}

/// An input object type used by variables.
public struct IRInputType: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var fields: [IRInputField]
}

/// A field of an input object type.
public struct IRInputField: Sendable, Hashable {
    public var name: String
    public var type: TypeRef
    public var defaultText: String?
    /// `@fdc_forbiddenInVariables`: cannot be set through a variable, so SDK inputs omit it.
    public var isForbiddenInVariables: Bool
}
