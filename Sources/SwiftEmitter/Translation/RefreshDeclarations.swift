import GraphQL
import IR

/// The internal refresh metadata of an operation class, for sdkgen's portable runtime only
/// (Firebase's runtime gets updates from the server's stream and has no API to take it):
/// a query's `static let refresh = RefreshRules(...)` and a mutation's `static let writes`.
enum RefreshDeclarations {
    /// The runtime types the metadata names; a user enum with one of these names would hide it.
    static let runtimeTypes: Set<String> = ["RefreshRules", "MutationTrigger", "EntityRow", "KeyValue"]

    /// Seconds per `Timestamp_Duration` unit; months and years as 30 and 365 days (the runtime
    /// clamps to one hour anyway).
    private static let unitSeconds: [String: Double] = [
        "milliseconds": 0.001, "seconds": 1, "minutes": 60, "hours": 3600, "days": 86_400, "weeks": 604_800,
        "months": 2_592_000, "years": 31_536_000,
    ]

    /// The argument the ref factory passes to the runtime, e.g. `refresh: Self.refresh`.
    static func argument(for kind: OperationType) -> String {
        kind == .query ? "refresh: Self.refresh" : "writes: Self.writes"
    }

    static func declaration(_ operation: IROperation) -> Declaration {
        if operation.kind == .query {
            return Declaration(doc: "When live refs of this query re-run: its `@refresh` directives and the rows it reads by key.",
                               .property(Property(modifiers: .static, keyword: "let", name: "refresh",
                                                  value: .initializer(.list("RefreshRules(", queryArguments(operation), ")")))))
        }
        return Declaration(doc: "The rows this mutation writes by key: live queries reading them re-run after it.",
                           .property(Property(modifiers: .static, keyword: "let", name: "writes", type: "[EntityRow]",
                                              value: .initializer(.list("[", operation.keyedRows.map(row), "]")))))
    }

    private static func queryArguments(_ operation: IROperation) -> [String] {
        let intervals = operation.refresh.compactMap { refresh -> Double? in
            refresh.every.isEmpty ? nil : refresh.every.reduce(0) { $0 + Double($1.amount) * (unitSeconds[$1.unit] ?? 0) }
        }
        let triggers = operation.refresh.flatMap(\.onMutationExecuted).map { event in
            "MutationTrigger(\(SwiftLiteral.string(event.operation))"
                + (event.condition.map { ", condition: \(SwiftLiteral.string($0))" } ?? "") + ")"
        }
        return [
            intervals.isEmpty ? nil : "every: [\(intervals.map(SwiftLiteral.seconds).joined(separator: ", "))]",
            triggers.isEmpty ? nil : "onMutationExecuted: [\(triggers.joined(separator: ", "))]",
            operation.keyedRows.isEmpty ? nil : "lookups: [\(operation.keyedRows.map(row).joined(separator: ", "))]",
        ].compactMap { $0 }
    }

    private static func row(_ row: IREntityRow) -> String {
        let key = row.key.map { parts in
            parts.isEmpty ? "[:]" : "[" + parts.map { "\(SwiftLiteral.string($0.field)): \(source($0.source))" }.joined(separator: ", ") + "]"
        } ?? "nil"
        return "EntityRow(table: \(SwiftLiteral.string(row.table)), key: \(key))"
    }

    private static func source(_ source: IRKeySource) -> String {
        switch source {
        case .variable(let path): ".variable([\(path.map(SwiftLiteral.string).joined(separator: ", "))])"
        case .authUID: ".authUID"
        case .literal(let text): ".literal(\(SwiftLiteral.string(text)))"
        }
    }
}
