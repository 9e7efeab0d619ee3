import GraphQL

/// Checks the user schema's directives against their definitions: name, location, repetition, arguments, one-of groups.
enum DirectiveValidator {
    /// `element` names the annotated element in messages; it is only built when there is an error.
    static func validate(_ uses: [DirectiveUse], at location: DirectiveLocation, on element: @autoclosure () -> String,
                         context: inout SynthesisContext) {
        // Elements carry few directives, so a list is cheaper than a set here.
        var seen: [String] = []
        for use in uses {
            let span = use.origin.source
            guard let definition = context.schema.directive(named: use.name) else {
                context.error(.schemaUnknownDirective, "Unknown directive \"@\(use.name)\" on \(element()).", at: span)
                continue
            }
            guard definition.locations.contains(location) else {
                let allowed = definition.locations.map(describe).joined(separator: ", ")
                context.error(.schemaDirectiveLocation, "Directive \"@\(use.name)\" cannot be used on \(describe(location)) (\(element())); it is allowed on \(allowed).",
                              at: span)
                continue
            }
            if seen.contains(use.name) && !definition.isRepeatable {
                context.error(.schemaRepeatedDirective, "Directive \"@\(use.name)\" can be used only once on \(element()).", at: span)
            }
            seen.append(use.name)
            validateArguments(use, definition, element: element(), context: &context)
        }
    }

    private static func validateArguments(_ use: DirectiveUse, _ definition: SchemaDirective, element: @autoclosure () -> String,
                                          context: inout SynthesisContext) {
        let span = use.origin.source
        var given: [String] = []
        for argument in use.arguments {
            guard !given.contains(argument.name) else {
                context.error(.schemaDirectiveArgument, "Argument \"\(argument.name)\" of \"@\(use.name)\" is given more than once.", at: span)
                continue
            }
            given.append(argument.name)
            guard let parameter = definition.argument(named: argument.name) else {
                let known = definition.arguments.map(\.name).joined(separator: ", ")
                let hint = known.isEmpty ? "it takes no arguments" : "known arguments: \(known)"
                context.error(.schemaDirectiveArgument, "Unknown argument \"\(argument.name)\" on \"@\(use.name)\" (\(hint)).", at: span)
                continue
            }
            if !ValueCoercion.accepts(argument.value, as: parameter.type, in: context.schema) {
                context.error(.schemaDirectiveArgument, "Argument \"\(argument.name)\" of \"@\(use.name)\" expects \(parameter.type), not \(argument.value).",
                              at: span)
            }
        }
        for parameter in definition.arguments
        where parameter.type.isNonNull && parameter.defaultValue == nil && !given.contains(parameter.name) {
            context.error(.schemaDirectiveArgument, "Directive \"@\(use.name)\" on \(element()) needs the argument \"\(parameter.name)\".", at: span)
        }
        // `@fdc_oneOf` groups among the directive's arguments.
        let groups = context.oneOfGroups[definition.name] ?? OneOfGroup.groups(in: definition.arguments)
        context.oneOfGroups[definition.name] = groups
        for group in groups {
            let count = group.members.filter(given.contains).count
            guard count > 1 || (count == 0 && group.isRequired) else { continue }
            let list = group.members.map { "\"\($0)\"" }.joined(separator: ", ")
            let rule = count > 1 ? "takes only one of" : "needs one of"
            context.error(.schemaDirectiveArgument, "Directive \"@\(use.name)\" \(rule) \(list).", at: span)
        }
    }

    static func describe(_ location: DirectiveLocation) -> String {
        switch location {
        case .object: "an object type"
        case .fieldDefinition: "a field"
        case .enumType: "an enum"
        case .enumValue: "an enum value"
        case .argumentDefinition: "an argument"
        case .query: "a query"
        case .mutation: "a mutation"
        case .field: "a selected field"
        case .variableDefinition: "a variable"
        default: location.rawValue
        }
    }
}

/// Whether a constant fits an input type (GraphQL input coercion, lenient for custom scalars).
enum ValueCoercion {
    static func accepts(_ value: ConstValue, as type: TypeRef, in schema: Schema) -> Bool {
        if case .null = value { return !type.isNonNull }
        switch type.nullable {
        case .list(let element):
            if case .list(let items) = value { return items.allSatisfy { accepts($0, as: element, in: schema) } }
            return accepts(value, as: element, in: schema)
        case .nonNull(let inner):
            return accepts(value, as: inner, in: schema)
        case .named(let name):
            return acceptsNamed(value, name, in: schema)
        }
    }

    private static func acceptsNamed(_ value: ConstValue, _ name: String, in schema: Schema) -> Bool {
        switch (name, value) {
        case ("String", .string), ("ID", .string), ("ID", .int), ("UUID", .string), ("Date", .string), ("Timestamp", .string),
             ("Int", .int), ("Int64", .int), ("Int64", .string), ("Float", .int), ("Float", .float), ("Boolean", .boolean):
            return true
        case ("String", _), ("ID", _), ("UUID", _), ("Date", _), ("Timestamp", _), ("Int", _), ("Int64", _), ("Float", _), ("Boolean", _):
            return false
        default:
            guard let type = schema.type(named: name) else { return false }
            switch (type.kind, value) {
            case (.enumType, .enumValue(let member)):
                return type.enumValue(named: member) != nil
            case (.inputObject, .object(let fields)):
                return fields.allSatisfy { field in
                    type.inputField(named: field.name).map { accepts(field.value, as: $0.type, in: schema) } ?? false
                }
            case (.scalar, _):
                // Custom scalars (Any, expressions, SQL text) accept any literal; the server checks them.
                return true
            default:
                return false
            }
        }
    }
}

/// Arguments or input fields of which at most one may be given (`@fdc_oneOf(group:required:)`);
/// `isRequired` demands exactly one.
public struct OneOfGroup: Sendable {
    public var name: String
    public var members: [String] = []
    public var isRequired = false

    /// The groups among `values`, in the order they first appear.
    public static func groups(in values: [SchemaInputValue]) -> [OneOfGroup] {
        var groups: [OneOfGroup] = []
        for value in values {
            for use in value.directives where use.name == BuiltinName.oneOf {
                let name = use.argument("group")?.string ?? ""
                let index = groups.firstIndex { $0.name == name } ?? groups.count
                if index == groups.count { groups.append(OneOfGroup(name: name)) }
                groups[index].members.append(value.name)
                if case .boolean(true)? = use.argument("required") { groups[index].isRequired = true }
            }
        }
        return groups
    }
}
