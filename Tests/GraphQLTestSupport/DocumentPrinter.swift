import GraphQL

/// Writes executable documents back as GraphQL text in the layout graphql-js's `print` uses: two-space
/// indentation, one definition per paragraph, descriptions in the string form they were written in,
/// argument lists broken over lines when they grow too long or hold descriptions. The parser tests
/// read the output back and expect the same tree, ranges aside.
extension Printer {
    /// A field's arguments move onto their own lines past this width.
    static let maxLineLength = 80

    /// The document's operations and fragments, separated by a blank line, no trailing newline;
    /// type-system definitions are left out.
    public static func print(_ document: Document) -> String {
        document.definitions.compactMap { definition in
            switch definition {
            case .operation(let node): print(node)
            case .fragment(let node): print(node)
            case .schema, .type, .directive, .schemaExtension, .typeExtension: nil
            }
        }.joined(separator: "\n\n")
    }

    static func print(_ node: OperationDefinition) -> String {
        let variables = printList(node.variableDefinitions.map(print))
        let prefix = join([
            node.operation.rawValue, join([node.name?.value ?? "", variables]), join(node.directives.map(print), " "),
        ], " ")
        // An anonymous query with nothing else to say uses the shorthand `{ ... }`.
        let head = prefix == "query" && node.description == nil ? "" : prefix + " "
        return printDescription(node.description) + head + print(node.selectionSet)
    }

    static func print(_ node: VariableDefinition) -> String {
        printDescription(node.description) + "$" + node.variable.name.value + ": " + node.type.description
            + wrap(" = ", node.defaultValue.map(print) ?? "") + wrap(" ", join(node.directives.map(print), " "))
    }

    static func print(_ node: SelectionSet) -> String {
        wrap("{\n", indent(join(node.selections.map(print), "\n")), "\n}")
    }

    static func print(_ node: Selection) -> String {
        switch node {
        case .field(let field):
            let prefix = wrap("", field.alias?.value ?? "", ": ") + field.name.value
            let arguments = field.arguments.map(print)
            var line = prefix + wrap("(", join(arguments, ", "), ")")
            if line.count > maxLineLength {
                line = prefix + wrap("(\n", indent(join(arguments, "\n")), "\n)")
            }
            return join([line, join(field.directives.map(print), " "), field.selectionSet.map(print) ?? ""], " ")
        case .fragmentSpread(let spread):
            return "..." + spread.name.value + wrap(" ", join(spread.directives.map(print), " "))
        case .inlineFragment(let fragment):
            return join([
                "...", wrap("on ", fragment.typeCondition?.name.value ?? ""), join(fragment.directives.map(print), " "),
                print(fragment.selectionSet),
            ], " ")
        }
    }

    static func print(_ node: FragmentDefinition) -> String {
        printDescription(node.description) + "fragment \(node.name.value) on \(node.typeCondition.name.value) "
            + wrap("", join(node.directives.map(print), " "), " ") + print(node.selectionSet)
    }

    static func print(_ node: Directive) -> String {
        "@" + node.name.value + wrap("(", join(node.arguments.map(print), ", "), ")")
    }

    static func print(_ node: Argument) -> String {
        node.name.value + ": " + print(node.value)
    }

    /// A description on its own line before the definition, or nothing.
    static func printDescription(_ description: Description?) -> String {
        guard let description else { return "" }
        return print(Value.string(StringValue(description.value, isBlockString: description.isBlockString))) + "\n"
    }

    /// A parenthesised list on one line, or one item per line when any item spans lines
    /// (which happens when items carry descriptions).
    static func printList(_ items: [String]) -> String {
        if items.contains(where: { $0.contains("\n") }) {
            return wrap("(\n", indent(join(items, "\n")), "\n)")
        }
        return wrap("(", join(items, ", "), ")")
    }

    /// The non-empty parts joined by `separator`.
    static func join(_ parts: [String], _ separator: String = "") -> String {
        parts.filter { !$0.isEmpty }.joined(separator: separator)
    }

    /// `start + middle + end`, or nothing when `middle` is empty.
    static func wrap(_ start: String, _ middle: String, _ end: String = "") -> String {
        middle.isEmpty ? "" : start + middle + end
    }

    /// Two spaces before every line but empty ones: graphql-js pads those too, which leaves
    /// trailing white space inside block strings without changing their value.
    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "  " + $0 }
            .joined(separator: "\n")
    }
}

extension Definition {
    /// Whether this is an operation or a fragment (the definitions a client sends).
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }
}
