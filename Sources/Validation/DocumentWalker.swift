import Diagnostics
import GraphQL
import Schema

/// Walks a connector's documents once, keeping track of types the way graphql-js's `TypeInfo`
/// does, and hands every node to every rule. It also records variable usages and fragment spreads
/// in the context so that rules can reason across fragments when the document ends.
struct DocumentWalker {
    let context: ValidationContext
    let rules: [any ValidationRule]

    private var schema: Schema { context.schema }

    func walk() {
        var operationIndex = 0
        for document in context.documents {
            context.file = document.source
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    walk(operation, index: operationIndex)
                    operationIndex += 1
                case .fragment(let fragment):
                    walk(fragment)
                default:
                    for rule in rules { rule.enterOtherDefinition(definition, context) }
                }
            }
        }
        context.scope = nil
        context.operation = nil
        for rule in rules { rule.leaveDocument(context) }
    }

    private func walk(_ operation: OperationDefinition, index: Int) {
        context.scope = .operation(index)
        context.operation = operation
        context.operations.append((.operation(index), operation, context.file))
        for rule in rules { rule.enterOperation(operation, context) }
        for definition in operation.variableDefinitions {
            let type = TypeRef(definition.type)
            for rule in rules { rule.enterVariableDefinition(definition, type: type, context) }
            if let defaultValue = definition.defaultValue {
                context.isInVariableDefault = true
                walk(defaultValue, expectedType: schema.isInputType(type.namedType) ? type : nil, locationHasDefault: false)
                context.isInVariableDefault = false
            }
            walk(definition.directives, location: .variableDefinition)
        }
        let location: DirectiveLocation
        let rootName: String?
        switch operation.operation {
        case .query: (location, rootName) = (.query, Schema.queryTypeName)
        case .mutation: (location, rootName) = (.mutation, Schema.mutationTypeName)
        case .subscription: (location, rootName) = (.subscription, nil)
        }
        walk(operation.directives, location: location)
        walk(operation.selectionSet, parentType: rootName.flatMap { schema.type(named: $0) })
        for rule in rules { rule.leaveOperation(operation, context) }
        context.operation = nil
    }

    private func walk(_ fragment: FragmentDefinition) {
        context.scope = .fragment(fragment.name.value)
        for rule in rules { rule.enterFragment(fragment, context) }
        walk(fragment.directives, location: .fragmentDefinition)
        walk(fragment.selectionSet, parentType: compositeType(fragment.typeCondition.name.value))
    }

    private func compositeType(_ name: String) -> SchemaType? {
        schema.isComposite(name) ? schema.type(named: name) : nil
    }

    private func walk(_ selectionSet: SelectionSet, parentType: SchemaType?) {
        for rule in rules { rule.enterSelectionSet(selectionSet, parentType: parentType, context) }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): walk(field, parentType: parentType)
            case .fragmentSpread(let spread):
                context.recordSpread(spread)
                for rule in rules { rule.enterFragmentSpread(spread, parentType: parentType, context) }
                walk(spread.directives, location: .fragmentSpread)
            case .inlineFragment(let fragment):
                for rule in rules { rule.enterInlineFragment(fragment, parentType: parentType, context) }
                walk(fragment.directives, location: .inlineFragment)
                let inner = fragment.typeCondition.map { compositeType($0.name.value) } ?? parentType
                walk(fragment.selectionSet, parentType: inner)
            }
        }
    }

    private func walk(_ field: Field, parentType: SchemaType?) {
        let definition = parentType.flatMap { FieldLookup.field(field.name.value, on: $0) }
        for rule in rules { rule.enterField(field, parentType: parentType, definition: definition, context) }
        let owner = definition.map { ArgumentOwner.field($0, parentType: parentType?.name ?? "") }
        walk(field.arguments, owner: owner, node: SourceRangeOwner(name: field.name.value, range: field.range))
        walk(field.directives, location: .field)
        if let selectionSet = field.selectionSet {
            walk(selectionSet, parentType: definition.flatMap { compositeType($0.type.namedType) })
        }
    }

    private func walk(_ directives: [Directive], location: DirectiveLocation) {
        guard !directives.isEmpty else { return }
        for rule in rules { rule.enterDirectives(directives, location: location, context) }
        for directive in directives {
            let definition = schema.directive(named: directive.name.value)
            for rule in rules { rule.enterDirective(directive, definition: definition, location: location, context) }
            walk(directive.arguments, owner: definition.map { .directive($0) },
                 node: SourceRangeOwner(name: directive.name.value, range: directive.range))
        }
    }

    private func walk(_ arguments: [Argument], owner: ArgumentOwner?, node: SourceRangeOwner) {
        for rule in rules { rule.enterArguments(arguments, owner: owner, range: node, context) }
        for argument in arguments {
            let definition: SchemaInputValue?
            switch owner {
            case .field(let field, _): definition = field.argument(named: argument.name.value)
            case .directive(let directive): definition = directive.argument(named: argument.name.value)
            case nil: definition = nil
            }
            for rule in rules { rule.enterArgument(argument, definition: definition, owner: owner, context) }
            walk(argument.value, expectedType: definition?.type, locationHasDefault: definition?.defaultValue != nil)
        }
    }

    private func walk(_ value: Value, expectedType: TypeRef?, locationHasDefault: Bool) {
        for rule in rules { rule.enterValue(value, expectedType: expectedType, context) }
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
            let inputType = expectedType.flatMap { schema.namedType(of: $0) }.flatMap { $0.kind == .inputObject ? $0 : nil }
            for rule in rules { rule.enterObjectValue(object, inputType: inputType, context) }
            for field in object.fields {
                let definition = inputType?.inputField(named: field.name.value)
                for rule in rules { rule.enterObjectField(field, parentType: inputType, definition: definition, context) }
                walk(field.value, expectedType: definition?.type, locationHasDefault: definition?.defaultValue != nil)
            }
        default:
            break
        }
    }
}

/// Field lookup including the `__typename` meta field every composite type has.
enum FieldLookup {
    static let typename = SchemaField(name: "__typename", type: .nonNull(.named("String")))

    static func field(_ name: String, on type: SchemaType) -> SchemaField? {
        if name == "__typename", type.kind == .object || type.kind == .interface || type.kind == .union { return typename }
        return type.field(named: name)
    }
}
