import Diagnostics
import GraphQL
import Schema

/// Whose arguments are being visited.
///
/// Indirect, so that a copy (the walk hands one to the rules at every field and directive) is one
/// reference count rather than a field, a type name and the optional around them.
public indirect enum ArgumentOwner: Sendable {
    /// A field of `parentType`.
    case field(SchemaField, parentType: String)
    case directive(SchemaDirective)

    /// The arguments the field or directive declares.
    public var arguments: [SchemaInputValue] {
        switch self {
        case .field(let field, _): field.arguments
        case .directive(let directive): directive.arguments
        }
    }
}

extension SchemaInputValue {
    /// Non-null without a default: an argument or input field that must be given.
    var isRequired: Bool { type.isNonNull && defaultValue == nil }
}

/// A rule that compares a connector's operations with one another (names, counts). It takes no
/// part in the walk: it is handed every operation of the connector at once.
public protocol CrossOperationRule: Sendable {
    /// Reports the problems among `operations`: every operation of the connector, in file order.
    func check(_ operations: [(operation: OperationDefinition, file: SourceFile)], _ context: ValidationContext)
}

/// One validation rule: a small type that receives the walk of a connector's documents
/// (graphql-js style) and reports through the shared `ValidationContext`.
///
/// Every hook has an empty default, so a rule implements only the nodes it cares about, and lists
/// them in `hooks`. A rule instance lives for one validation run and may keep state between hooks.
public protocol ValidationRule: AnyObject {
    /// The hooks this rule implements; the walk skips the others (default: all).
    var hooks: ValidationHooks { get }

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext)
    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext)
    /// A definition that is neither an operation nor a fragment.
    func enterOtherDefinition(_ definition: Definition, _ context: ValidationContext)
    /// `namedType` is the schema's type that `type` names, nil when it is unknown.
    func enterVariableDefinition(_ definition: VariableDefinition, type: TypeRef, namedType: SchemaType?, _ context: ValidationContext)
    func enterSelectionSet(_ selectionSet: SelectionSet, parentType: SchemaType?, _ context: ValidationContext)
    /// `definition` is nil when the parent type is unknown or has no such field; `type` is the type it names.
    func enterField(_ field: Field, parentType: SchemaType?, definition: SchemaField?, type: SchemaType?, _ context: ValidationContext)
    func enterFragmentSpread(_ spread: FragmentSpread, parentType: SchemaType?, _ context: ValidationContext)
    func enterInlineFragment(_ fragment: InlineFragment, parentType: SchemaType?, _ context: ValidationContext)
    /// All directives of one node at once (for uniqueness).
    func enterDirectives(_ directives: [Directive], location: DirectiveLocation, _ context: ValidationContext)
    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext)
    /// All arguments of one field or directive at once; `owner` is nil when it is unknown and
    /// `nodeRange` is the field or directive they belong to.
    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, nodeRange: SourceRange, _ context: ValidationContext)
    func enterArgument(_ argument: Argument, definition: SchemaInputValue?, owner: ArgumentOwner?, _ context: ValidationContext)
    /// Every value node, nested ones included; `expectedType` is nil where no input type is known, `namedType` the type it names.
    func enterValue(_ value: Value, expectedType: TypeRef?, namedType: SchemaType?, _ context: ValidationContext)
    /// An object literal whose expected type is the input object `inputType` (nil when unknown).
    func enterObjectValue(_ object: ObjectValue, inputType: SchemaType?, _ context: ValidationContext)
    func enterObjectField(_ field: ObjectField, parentType: SchemaType?, definition: SchemaInputValue?, _ context: ValidationContext)
    /// After every definition of every document was walked.
    func leaveDocument(_ context: ValidationContext)
}

public extension ValidationRule {
    var hooks: ValidationHooks { Set(ValidationHook.allCases) }
    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {}
    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {}
    func enterOtherDefinition(_ definition: Definition, _ context: ValidationContext) {}
    func enterVariableDefinition(_ definition: VariableDefinition, type: TypeRef, namedType: SchemaType?, _ context: ValidationContext) {}
    func enterSelectionSet(_ selectionSet: SelectionSet, parentType: SchemaType?, _ context: ValidationContext) {}
    func enterField(_ field: Field, parentType: SchemaType?, definition: SchemaField?, type: SchemaType?, _ context: ValidationContext) {}
    func enterFragmentSpread(_ spread: FragmentSpread, parentType: SchemaType?, _ context: ValidationContext) {}
    func enterInlineFragment(_ fragment: InlineFragment, parentType: SchemaType?, _ context: ValidationContext) {}
    func enterDirectives(_ directives: [Directive], location: DirectiveLocation, _ context: ValidationContext) {}
    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {}
    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, nodeRange: SourceRange, _ context: ValidationContext) {}
    func enterArgument(_ argument: Argument, definition: SchemaInputValue?, owner: ArgumentOwner?, _ context: ValidationContext) {}
    func enterValue(_ value: Value, expectedType: TypeRef?, namedType: SchemaType?, _ context: ValidationContext) {}
    func enterObjectValue(_ object: ObjectValue, inputType: SchemaType?, _ context: ValidationContext) {}
    func enterObjectField(_ field: ObjectField, parentType: SchemaType?, definition: SchemaInputValue?, _ context: ValidationContext) {}
    func leaveDocument(_ context: ValidationContext) {}
}
