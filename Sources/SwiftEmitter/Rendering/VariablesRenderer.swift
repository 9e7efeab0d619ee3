/// The `Variables` struct of an operation (docs/generated-code.md, "Operation classes").
enum VariablesRenderer {
    /// A variable with its Swift spelling.
    struct Entry {
        var name: String
        var escaped: String
        /// The declared Swift type: `T` for required variables, `T?` for optional ones.
        var swiftType: String
        var isRequired: Bool
        var description: String?
    }

    static func write(_ entries: [Entry], into writer: inout SwiftWriter) {
        guard !entries.isEmpty else {
            writer.line("public struct Variables: OperationVariable {}")
            return
        }
        let required = entries.filter(\.isRequired)
        let hasOptional = required.count < entries.count
        let closure = LocalName.fresh("optionalVars", avoiding: entries.map(\.name))
        writer.block("public struct Variables: OperationVariable, \(SupportTypesRenderer.equality)") { writer in
            for entry in entries {
                writer.doc(entry.description)
                writer.line("\(entry.isRequired ? "" : "@OptionalVariable ")public var \(entry.escaped): \(entry.swiftType)")
            }
            writer.blank()
            var parameters = required.map { "\($0.escaped): \($0.swiftType)" }
            if hasOptional { parameters.append("_ \(closure): ((inout Variables) -> Void)? = nil") }
            writer.signatureBlock("public init", parameters, "") { writer in
                for entry in required { writer.line("self.\(entry.escaped) = \(entry.escaped)") }
                if hasOptional { writer.line("\(closure)?(&self)") }
            }
            writer.blank()
            writer.block("public func hash(into hasher: inout Hasher)") { writer in
                for entry in entries { writer.line("hasher.combine(self.\(entry.escaped))") }
            }
            writer.blank()
            SupportTypesRenderer.writeEqualityMethod(typeName: "Variables", entries.map(\.escaped), into: &writer)
            writer.blank()
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                SupportTypesRenderer.writeContainer(decoding: false, into: &writer)
                for entry in entries {
                    func encode(into writer: inout SwiftWriter) {
                        writer.line("try codecHelper.encode(self.\(entry.escaped), forKey: \(SwiftLiteral.string(entry.name)), container: &container)")
                    }
                    if entry.isRequired {
                        encode(into: &writer)
                    } else {
                        // Unset optionals are left out; explicitly set ones (even to nil) are sent.
                        writer.block("if self.$\(entry.name).isSet", encode)
                    }
                }
            }
        }
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
