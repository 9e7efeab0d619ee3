/// The `Variables` struct of an operation (docs/generated-code.md, "Operation classes").
enum VariablesDeclarations {
    /// A variable with its Swift spelling.
    struct Entry: Sendable {
        var name: String
        var escaped: String
        /// The declared Swift type: `T` for required variables, `T?` for optional ones.
        var swiftType: String
        var isRequired: Bool
        var description: String?
    }

    /// The struct of `entries`; `parameters` are the initializer's (the required variables, then
    /// the closure `optionalVars` setting the others, if any), as `ref` and `execute` take them.
    static func declaration(_ entries: [Entry], parameters: [String], optionalVars: String?) -> Declaration {
        guard !entries.isEmpty else { return .type("struct", "Variables", ["OperationVariable"], []) }
        let assignments = entries.filter(\.isRequired).map { Code.line("self.\($0.escaped) = \($0.escaped)") }
        let closureCall = optionalVars.map { [Code.line("\($0)?(&self)")] } ?? []
        let initializer = Function(head: "init", parameters: parameters, body: .block(assignments + closureCall))
        let encoding = entries.map { entry -> Code in
            let encode = SupportDeclarations.encode("self.\(entry.escaped)", name: entry.name)
            // Unset optionals are left out; explicitly set ones (even to nil) are sent.
            return entry.isRequired ? encode : .nested("if self.$\(entry.name).isSet {", [encode], "}")
        }
        return .type("struct", "Variables", ["OperationVariable", SupportDeclarations.equality], [
            .init(.group(entries.map { entry in
                Declaration(doc: entry.description, .property(Property(
                    attributes: entry.isRequired ? [] : ["@OptionalVariable"], name: entry.escaped, type: entry.swiftType)))
            })),
            .init(.function(initializer)),
            .init(.function(SupportDeclarations.hashMethod(entries.map(\.escaped)))),
            .init(.function(SupportDeclarations.equalityMethod(typeName: "Variables", entries.map(\.escaped)))),
            .init(.function(SupportDeclarations.encodeMethod(encoding))),
        ])
    }
}

/// Names for generated locals and parameters that must not collide with operation variables.
enum LocalName {
    /// `base`, or `base` with `_` appended until no variable has that name.
    static func fresh(_ base: String, avoiding names: [String]) -> String {
        // An operation has a handful of variables: a linear search beats hashing them into a set.
        var name = base
        while names.contains(name) { name += "_" }
        return name
    }
}
