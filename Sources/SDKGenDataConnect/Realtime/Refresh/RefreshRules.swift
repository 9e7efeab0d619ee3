/// When a query's live refs re-run without a server stream: its `@refresh` directives and the rows it reads by primary key.
/// Generated code passes one to `DataConnect.query(name:variables:resultsDataType:publisher:refresh:)`; it is sdkgen's
/// addition, not part of Firebase's API, and apps do not need it.
public struct RefreshRules: Sendable {
    /// The shortest allowed polling interval in seconds (Data Connect rejects shorter ones).
    public static let minimumInterval: Double = 10
    /// The longest allowed polling interval in seconds.
    public static let maximumInterval: Double = 3600

    /// The polling interval in seconds: the shortest `every`, clamped to 10 s – 1 h; `nil` without `every`.
    public let interval: Double?
    /// The mutations (`onMutationExecuted`) that refresh the query.
    public let triggers: [MutationTrigger]
    /// The rows the query reads by primary key (implicit refresh).
    public let lookups: [EntityRow]

    /// `every` lists each `@refresh(every:)` in seconds.
    public init(every: [Double] = [], onMutationExecuted: [MutationTrigger] = [], lookups: [EntityRow] = []) {
        interval = every.filter { $0.isFinite && $0 > 0 }.min()
            .map { min(max($0, Self.minimumInterval), Self.maximumInterval) }
        triggers = onMutationExecuted
        self.lookups = lookups
    }
}

/// One `@refresh(onMutationExecuted:)` event: a mutation name and an optional CEL condition.
public struct MutationTrigger: Sendable {
    /// The mutation's operation name.
    public let operation: String
    /// The condition as written; `nil` refreshes after every execution of the mutation.
    public let condition: String?
    /// Parsed once; a condition outside the supported subset always refreshes.
    let parsed: Result<CELExpression, CELFailure>?

    /// Creates a trigger; the condition is parsed here, once.
    public init(_ operation: String, condition: String? = nil) {
        self.operation = operation
        self.condition = condition
        parsed = condition.map { CELParser.parse($0) }
    }
}

/// A row of a table identified by its primary key: read by a query, or written by a mutation.
public struct EntityRow: Sendable {
    /// The table's GraphQL type name, e.g. `Movie`.
    public let table: String
    /// Key field → value source; `nil` when unknown before the operation runs (server-generated id, `first:`, `Many`): any row.
    public let key: [String: KeyValue]?

    /// Creates a row reference.
    public init(table: String, key: [String: KeyValue]?) {
        self.table = table
        self.key = key
    }
}

/// Where a key field's value comes from.
public enum KeyValue: Sendable, Hashable {
    /// A variable, or a field inside an object variable: `["key", "id"]` is `$key.id`.
    case variable([String])
    /// `auth.uid`, the signed-in user's id.
    case authUID
    /// A literal written in the operation, as text (`"42"`, `"b7ac…"`).
    case literal(String)
}
