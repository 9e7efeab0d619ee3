/// Whether a live query re-runs after a mutation of this process (docs/realtime.md, "Client-side rules"): a matching
/// `onMutationExecuted` whose condition holds or cannot be decided, or a written row it reads by key. Over-refreshing is safe.
enum RefreshMatcher {
    static func shouldRefresh(_ query: LiveQuery, after mutation: MutationEvent) -> Bool {
        guard let rules = query.rules else { return true }
        let triggers = rules.triggers.filter { $0.operation == mutation.operationName }
        if !triggers.isEmpty {
            let bindings = Self.bindings(query: query, mutation: mutation)
            if triggers.contains(where: { conditionHolds($0, bindings: bindings) }) { return true }
        }
        guard !rules.lookups.isEmpty else { return false }
        guard let writes = mutation.writes else { return true }
        let uid = UserIdentity.uid(fromToken: mutation.authToken)
        return rules.lookups.contains { lookup in
            writes.contains { write in
                write.table == lookup.table && sameRow(lookup, query.variables, write, mutation.variables, uid: uid)
            }
        }
    }

    /// True unless the condition parses, evaluates and gives `false`.
    static func conditionHolds(_ trigger: MutationTrigger, bindings: [String: JSONValue]) -> Bool {
        guard case .success(let expression)? = trigger.parsed,
              case .success(.bool(let holds)) = CELEvaluator(bindings: bindings).evaluate(expression) else { return true }
        return holds
    }

    /// `request` and `mutation` as conditions see them; one local user is both subscriber and mutator.
    static func bindings(query: LiveQuery, mutation: MutationEvent) -> [String: JSONValue] {
        var auth = JSONValue.null
        if let uid = UserIdentity.uid(fromToken: mutation.authToken) {
            auth = .object(["uid": .string(uid), "token": .object(UserIdentity.claims(fromToken: mutation.authToken) ?? [:])])
        }
        return [
            "request": .object(["variables": query.variables, "auth": auth]),
            "mutation": .object(["variables": mutation.variables, "auth": auth]),
        ]
    }

    /// Whether two keyed rows may be the same: a field whose value is unknown on either side matches.
    private static func sameRow(_ read: EntityRow, _ readVariables: JSONValue, _ write: EntityRow, _ writeVariables: JSONValue,
                                uid: String?) -> Bool {
        guard let readKey = read.key, let writeKey = write.key else { return true }
        return readKey.allSatisfy { field, source in
            guard let readValue = value(source, variables: readVariables, uid: uid),
                  let writeSource = writeKey[field],
                  let writeValue = value(writeSource, variables: writeVariables, uid: uid) else { return true }
            return WireEquality.equal(readValue, writeValue)
        }
    }

    private static func value(_ source: KeyValue, variables: JSONValue, uid: String?) -> JSONValue? {
        switch source {
        case .authUID:
            return uid.map(JSONValue.string)
        case .literal(let text):
            return .string(text)
        case .variable(let path):
            var current = variables
            for name in path {
                guard case .object(let members) = current, let member = members[name], member != .null else { return nil }
                current = member
            }
            return current
        }
    }
}
