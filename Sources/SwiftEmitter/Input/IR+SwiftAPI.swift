import Diagnostics
import GraphQL
import IR

/// An operation of the Swift API: a view of the IR operation with the Swift names derived from
/// it, worked out once because every renderer mentions them many times.
struct SwiftOperation: Sendable {
    let ir: IROperation
    /// `AddBookMutation`.
    let className: String
    /// `addBookMutation`, the connector's property.
    let propertyName: String
    /// The variables of the API, in declaration order: retired ones are left out.
    let variables: [IRVariable]

    init(_ operation: IROperation) {
        ir = operation
        className = GeneratedNames.operationClass(operationName: operation.name, kind: operation.kind)
        propertyName = GeneratedNames.connectorProperty(operationClass: className)
        variables = operation.variables.filter { !$0.isRetired }
    }

    var name: String { ir.name }
    /// Where the operation's name is written.
    var span: SourceSpan { SourceSpan(file: ir.file, range: ir.nameRange) }
    var kind: OperationType { ir.kind }
}

extension IROperation {
    /// Retired operations and subscriptions have no Swift API.
    var hasSwiftAPI: Bool { !isRetired && kind != .subscription }
}

extension IRVariable {
    /// Required variables are parameters of `init`/`ref`/`execute`; the others are set in the
    /// optional-variables closure. A non-null variable with a default may be omitted, so it is
    /// optional too.
    var isRequired: Bool { type.isNonNull && defaultValue == nil }
}

extension IRField {
    /// Redacted and retired fields are not part of generated SDKs.
    var isEmitted: Bool { !isRedacted && !isRetired }

    /// The alias, if the selection has one.
    var alias: String? { responseKey == name ? nil : responseKey }
}
