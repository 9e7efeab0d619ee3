import Diagnostics
import GraphQL
import Schema

/// Walks a connector's documents once, keeping track of types the way graphql-js's `TypeInfo`
/// does, and hands every node to every rule. It also records variable usages and fragment spreads
/// in the context so that rules can reason across fragments when the document ends.
struct DocumentWalker {
    let context: ValidationContext
    private let rules: RulesByHook
    /// With a share, the walk visits the operations (numbered over all documents) whose number
    /// modulo `count` is `number`; fragments and other definitions go to share 0.
    private let share: (number: Int, count: Int)?
    private var cache: SchemaCache

    /// A walk of every definition, or of the operations in `share` only.
    init(context: ValidationContext, rules: [any ValidationRule], share: (number: Int, count: Int)? = nil) {
        self.context = context
        self.rules = RulesByHook(rules)
        self.share = share
        cache = SchemaCache(context.schema)
    }

    mutating func walk() {
        var operationIndex = 0
        let walksOthers = (share?.number ?? 0) == 0
        for document in context.documents {
            context.file = document.source
            for definition in document.definitions {
                switch definition {
                case .operation:
                    // Bound only when walked: binding copies the definition.
                    if share.map({ operationIndex % $0.count == $0.number }) ?? true, case .operation(let operation) = definition {
                        walk(operation, index: operationIndex)
                    }
                    operationIndex += 1
                case .fragment(let fragment):
                    if walksOthers { walk(fragment) }
                default:
                    if walksOthers {
                        for rule in rules[.otherDefinition] { rule.enterOtherDefinition(definition, context) }
                    }
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
        if rules.walkBodies { walkBody(of: operation) }
        for rule in rules[.leaveOperation] { rule.leaveOperation(operation, context) }
        context.operation = nil
    }

    /// Variables, directives and selections of an operation.
    private mutating func walkBody(of operation: OperationDefinition) {
        for definition in operation.variableDefinitions {
            let type = TypeRef(definition.type)
            for rule in rules[.variableDefinition] { rule.enterVariableDefinition(definition, type: type, context) }
            if let defaultValue = definition.defaultValue {
                context.isInVariableDefault = true
                walk(defaultValue, expectedType: context.isInputType(type.namedType) ? type : nil, locationHasDefault: false)
                context.isInVariableDefault = false
            }
            walk(definition.directives, location: .variableDefinition)
        }
        let location: DirectiveLocation
        let root: SchemaCache.TypeEntry
        switch operation.operation {
        case .query: (location, root) = (.query, cache.type(Schema.queryTypeName))
        case .mutation: (location, root) = (.mutation, cache.type(Schema.mutationTypeName))
        case .subscription: (location, root) = (.subscription, cache.none)
        }
        walk(operation.directives, location: location)
        walk(operation.selectionSet, parent: root)
    }

    private mutating func walk(_ fragment: FragmentDefinition) {
        context.scope = .fragment(fragment.name.value)
        for rule in rules[.fragment] { rule.enterFragment(fragment, context) }
        walk(fragment.directives, location: .fragmentDefinition)
        walk(fragment.selectionSet, parent: cache.compositeType(fragment.typeCondition.name.value))
    }

    // Payloads are read from the cache entries into locals once per node rather than once per rule.
    private mutating func walk(_ selectionSet: SelectionSet, parent: SchemaCache.TypeEntry) {
        let parentType = parent.type
        for rule in rules[.selectionSet] { rule.enterSelectionSet(selectionSet, parentType: parentType, context) }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): walk(field, parent: parent, parentType: parentType)
            case .fragmentSpread(let spread):
                context.recordSpread(spread)
                for rule in rules[.fragmentSpread] { rule.enterFragmentSpread(spread, parentType: parentType, context) }
                walk(spread.directives, location: .fragmentSpread)
            case .inlineFragment(let fragment):
                for rule in rules[.inlineFragment] { rule.enterInlineFragment(fragment, parentType: parentType, context) }
                walk(fragment.directives, location: .inlineFragment)
                let inner = fragment.typeCondition.map { cache.compositeType($0.name.value) } ?? parent
                walk(fragment.selectionSet, parent: inner)
            }
        }
    }

    private mutating func walk(_ field: Field, parent: SchemaCache.TypeEntry, parentType: SchemaType?) {
        let entry = cache.field(field.name.value, on: parent)
        let definition = entry.definition
        for rule in rules[.field] { rule.enterField(field, parentType: parentType, definition: definition, context) }
        walk(field.arguments, of: field.range, declared: definition?.arguments ?? [], owner: entry.owner, facts: entry.facts)
        walk(field.directives, location: .field)
        if let selectionSet = field.selectionSet {
            walk(selectionSet, parent: entry.selectionType)
        }
    }

    private mutating func walk(_ directives: [Directive], location: DirectiveLocation) {
        guard !directives.isEmpty else { return }
        for rule in rules[.directives] { rule.enterDirectives(directives, location: location, context) }
        for directive in directives {
            let entry = cache.directive(directive.name.value)
            let definition = entry.definition
            for rule in rules[.directive] { rule.enterDirective(directive, definition: definition, location: location, context) }
            walk(directive.arguments, of: directive.range, declared: definition?.arguments ?? [], owner: entry.owner, facts: entry.facts)
        }
    }

    /// The arguments of the field or directive at `nodeRange`, which declares `declared`.
    private mutating func walk(_ arguments: [Argument], of nodeRange: SourceRange, declared: [SchemaInputValue], owner: ArgumentOwner?,
                               facts: InputFacts) {
        context.inputFacts = facts
        for rule in rules[.arguments] { rule.enterArguments(arguments, owner: owner, nodeRange: nodeRange, context) }
        for argument in arguments {
            context.inputFacts = facts
            let name = argument.name.value
            walk(argument, definition: declared.first { $0.name == name }, owner: owner)
        }
    }

    private mutating func walk(_ argument: Argument, definition: SchemaInputValue?, owner: ArgumentOwner?) {
        for rule in rules[.argument] { rule.enterArgument(argument, definition: definition, owner: owner, context) }
        walk(argument.value, expectedType: definition?.type, locationHasDefault: definition?.defaultValue != nil)
    }

    private mutating func walk(_ value: Value, expectedType: TypeRef?, locationHasDefault: Bool) {
        for rule in rules[.value] { rule.enterValue(value, expectedType: expectedType, context) }
        switch value {
        case .variable(let variable):
            context.recordUsage(ValidationContext.VariableUsage(
                variable: variable, file: context.file, expectedType: expectedType, locationHasDefault: locationHasDefault))
        case .list(let list):
            // A list where a single value is expected is reported by ValuesOfCorrectType; its items
            // then have no expected type.
            let element = expectedType?.listElement
            for item in list.values { walk(item, expectedType: element, locationHasDefault: false) }
        case .object(let object):
            let inputType = expectedType.map { cache.type($0.namedType) } ?? cache.none
            let parent = inputType.isInputObject ? inputType : cache.none
            let parentType = parent.type
            let facts = parent.facts
            context.inputFacts = facts
            for rule in rules[.objectValue] { rule.enterObjectValue(object, inputType: parentType, context) }
            for field in object.fields {
                let definition = cache.inputField(field.name.value, of: parent)
                context.inputFacts = facts
                for rule in rules[.objectField] { rule.enterObjectField(field, parentType: parentType, definition: definition, context) }
                walk(field.value, expectedType: definition?.type, locationHasDefault: definition?.defaultValue != nil)
            }
        default:
            break
        }
    }
}

/// The rules split by hook, so that each node reaches only the rules that look at it.
private struct RulesByHook {
    /// The rules of each hook, at the position of the hook's bit.
    private var lists = [[any ValidationRule]](repeating: [], count: ValidationHooks.all.rawValue.nonzeroBitCount)
    /// Whether any rule looks inside operations (or needs the variable usages found there).
    let walkBodies: Bool

    init(_ rules: [any ValidationRule]) {
        for rule in rules {
            for bit in lists.indices where rule.hooks.rawValue >> bit & 1 == 1 { lists[bit].append(rule) }
        }
        walkBodies = rules.contains { !$0.hooks.subtracting([.operation, .leaveOperation, .fragment, .otherDefinition]).isEmpty }
    }

    subscript(hook: ValidationHooks) -> [any ValidationRule] { lists[hook.rawValue.trailingZeroBitCount] }
}

/// Field lookup including the `__typename` meta field every composite type has.
public enum FieldLookup {
    public static let typename = SchemaField(name: "__typename", type: .nonNull(.named("String")))

    static func field(_ name: String, on type: SchemaType) -> SchemaField? {
        if name == "__typename", type.kind == .object || type.kind == .interface || type.kind == .union { return typename }
        return type.field(named: name)
    }
}
