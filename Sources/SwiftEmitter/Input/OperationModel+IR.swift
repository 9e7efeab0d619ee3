import IR

extension OperationModel {
    /// The model of a validated operation: retired variables and redacted or retired fields are
    /// left out (they are not part of generated SDKs). Nil for retired operations and
    /// subscriptions, which have no Swift API.
    public init?(_ operation: IROperation) {
        guard !operation.isRetired else { return nil }
        let kind: OperationKind
        switch operation.kind {
        case .query: kind = .query
        case .mutation: kind = .mutation
        case .subscription: return nil
        }
        self.init(
            name: operation.name, kind: kind, description: operation.description,
            variables: operation.variables.filter { !$0.isRetired }.map { variable in
                Variable(name: variable.name, type: variable.type, hasDefault: variable.defaultValue != nil,
                         description: variable.description)
            },
            selections: Self.fields(operation.selection))
    }

    private static func fields(_ fields: [IRField]) -> [Field] {
        // One pass: filtering first made a copy of every kept field, children included.
        var result: [Field] = []
        result.reserveCapacity(fields.count)
        for field in fields where !field.isRedacted && !field.isRetired {
            result.append(Field(
                alias: field.responseKey == field.name ? nil : field.responseKey, name: field.name, type: field.type,
                description: field.userDescription,
                isConditional: field.isConditional, selections: Self.fields(field.children)))
        }
        return result
    }
}
