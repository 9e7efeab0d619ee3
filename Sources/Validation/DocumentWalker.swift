import Diagnostics
import GraphQL
import Schema

/// Walks a connector's documents once, tracking types as graphql-js's `TypeInfo` does, hands every node to
/// the rules and records variable usages and spreads, for rules that follow fragments when the document ends.
struct DocumentWalker {
    let context: ValidationContext
    private let rules: RulesByHook

    init(context: ValidationContext, rules: [any ValidationRule]) {
        self.context = context
        self.rules = RulesByHook(rules)
    }

    /// Walks every `count`-th operation from the `number`-th; the other definitions belong to share 0.
    mutating func walk(share: (number: Int, count: Int) = (0, 1)) {
        var operationIndex = 0
        for document in context.documents {
            context.file = document.source
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    if operationIndex % share.count == share.number { walk(operation, index: operationIndex) }
                    operationIndex += 1
                case .fragment(let fragment):
                    if share.number == 0 { walk(fragment) }
                default:
                    guard share.number == 0 else { continue }
                    for rule in rules[.otherDefinition] { rule.enterOtherDefinition(definition, context) }
                }
            }
        }
        context.scope = nil
        context.operation = nil
        for rule in rules[.leaveDocument] { rule.leaveDocument(context) }
    }

    private mutating func walk(_ operation: OperationDefinition, index: Int) {
        context.scope = .operation(index)
        context.operation = operation
        context.operations.append((.operation(index), operation, context.file))
        for rule in rules[.operation] { rule.enterOperation(operation, context) }
        defer { context.operation = nil }
        guard rules.walkBodies else { return }
        for definition in operation.variableDefinitions {
            let type = TypeRef(definition.type)
            let named = context.type(named: type.namedType)
            for rule in rules[.variableDefinition] { rule.enterVariableDefinition(definition, type: type, namedType: named, context) }
            if let defaultValue = definition.defaultValue {
                context.isInVariableDefault = true
                let input = named?.isInputType == true
                walk(defaultValue, expectedType: input ? type : nil, namedType: input ? named : nil, locationHasDefault: false)
                context.isInVariableDefault = false
            }
            walk(definition.directives, location: .variableDefinition)
        }
        let location: DirectiveLocation
        let root: SchemaType?
        switch operation.operation {
        case .query: (location, root) = (.query, context.type(named: Schema.queryTypeName))
        case .mutation: (location, root) = (.mutation, context.type(named: Schema.mutationTypeName))
        case .subscription: (location, root) = (.subscription, nil)
        }
        walk(operation.directives, location: location)
        walk(operation.selectionSet, parent: root)
    }

    private mutating func walk(_ fragment: FragmentDefinition) {
        context.scope = .fragment(fragment.name.value)
        for rule in rules[.fragment] { rule.enterFragment(fragment, context) }
        walk(fragment.directives, location: .fragmentDefinition)
        walk(fragment.selectionSet, parent: compositeType(fragment.typeCondition.name.value))
    }

    /// The type of this name when it is an object, interface or union.
    private func compositeType(_ name: String) -> SchemaType? {
        context.type(named: name).flatMap { $0.isCompositeType ? $0 : nil }
    }

    private mutating func walk(_ selectionSet: SelectionSet, parent: SchemaType?) {
        for rule in rules[.selectionSet] { rule.enterSelectionSet(selectionSet, parentType: parent, context) }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): walk(field, parent: parent)
            case .fragmentSpread(let spread):
                context.recordSpread(spread)
                for rule in rules[.fragmentSpread] { rule.enterFragmentSpread(spread, parentType: parent, context) }
                walk(spread.directives, location: .fragmentSpread)
            case .inlineFragment(let fragment):
                for rule in rules[.inlineFragment] { rule.enterInlineFragment(fragment, parentType: parent, context) }
                walk(fragment.directives, location: .inlineFragment)
                let inner = fragment.typeCondition.map { compositeType($0.name.value) } ?? parent
                walk(fragment.selectionSet, parent: inner)
            }
        }
    }

    private mutating func walk(_ field: Field, parent: SchemaType?) {
        let definition = parent.flatMap { FieldLookup.field(field.name.value, on: $0) }
        let type = definition.flatMap { context.type(named: $0.type.namedType) }
        for rule in rules[.field] { rule.enterField(field, parentType: parent, definition: definition, type: type, context) }
        walk(field.arguments, of: field.range, owner: definition.map { .field($0, parentType: parent?.name ?? "") })
        walk(field.directives, location: .field)
        if let selectionSet = field.selectionSet { walk(selectionSet, parent: type?.isCompositeType == true ? type : nil) }
    }

    private mutating func walk(_ directives: [Directive], location: DirectiveLocation) {
        guard !directives.isEmpty else { return }
        for rule in rules[.directives] { rule.enterDirectives(directives, location: location, context) }
        for directive in directives {
            let definition = context.directive(named: directive.name.value)
            for rule in rules[.directive] { rule.enterDirective(directive, definition: definition, location: location, context) }
            walk(directive.arguments, of: directive.range, owner: definition.map { .directive($0) })
        }
    }

    /// The arguments of the field or directive at `nodeRange`.
    private mutating func walk(_ arguments: [Argument], of nodeRange: SourceRange, owner: ArgumentOwner?) {
        for rule in rules[.arguments] { rule.enterArguments(arguments, owner: owner, nodeRange: nodeRange, context) }
        let declared = owner?.arguments ?? []
        for argument in arguments {
            let definition = declared.first { $0.name == argument.name.value }
            for rule in rules[.argument] { rule.enterArgument(argument, definition: definition, owner: owner, context) }
            let named = definition.flatMap { context.type(named: $0.type.namedType) }
            walk(argument.value, expectedType: definition?.type, namedType: named, locationHasDefault: definition?.defaultValue != nil)
        }
    }

    /// `namedType` is the schema's type `expectedType` names: list items keep it.
    private mutating func walk(_ value: Value, expectedType: TypeRef?, namedType: SchemaType?, locationHasDefault: Bool) {
        for rule in rules[.value] { rule.enterValue(value, expectedType: expectedType, namedType: namedType, context) }
        switch value {
        case .variable(let variable):
            context.recordUsage(ValidationContext.VariableUsage(
                variable: variable, file: context.file, expectedType: expectedType, locationHasDefault: locationHasDefault))
        case .list(let list):
            // A list where a single value is expected is ValuesOfCorrectType's error; its items expect nothing.
            let element = expectedType?.listElement
            let elementType = element == nil ? nil : namedType
            for item in list.values { walk(item, expectedType: element, namedType: elementType, locationHasDefault: false) }
        case .object(let object):
            let parentType = namedType?.kind == .inputObject ? namedType : nil
            for rule in rules[.objectValue] { rule.enterObjectValue(object, inputType: parentType, context) }
            for field in object.fields {
                let definition = parentType?.inputField(named: field.name.value)
                for rule in rules[.objectField] { rule.enterObjectField(field, parentType: parentType, definition: definition, context) }
                let named = definition.flatMap { context.type(named: $0.type.namedType) }
                walk(field.value, expectedType: definition?.type, namedType: named, locationHasDefault: definition?.defaultValue != nil)
            }
        default:
            break
        }
    }
}

/// The rules split by hook, so that each node reaches only the rules that look at it.
private struct RulesByHook {
    /// The rules of each hook, at the hook's raw value.
    private var lists = [[any ValidationRule]](repeating: [], count: ValidationHook.allCases.count)
    /// Whether any rule looks inside operations (or needs the variable usages found there).
    let walkBodies: Bool

    init(_ rules: [any ValidationRule]) {
        for rule in rules {
            for hook in rule.hooks { lists[hook.rawValue].append(rule) }
        }
        walkBodies = rules.contains { !$0.hooks.subtracting([.operation, .fragment, .otherDefinition]).isEmpty }
    }

    subscript(hook: ValidationHook) -> [any ValidationRule] { lists[hook.rawValue] }
}

/// Field lookup including the `__typename` meta field every composite type has.
public enum FieldLookup {
    public static let typename = SchemaField(name: "__typename", type: .nonNull(.named("String")))

    static func field(_ name: String, on type: SchemaType) -> SchemaField? {
        if name == "__typename", type.isCompositeType { return typename }
        return type.field(named: name)
    }
}
