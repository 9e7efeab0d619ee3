import Diagnostics
import GraphQL
import Schema

/// Data Connect's `@allow`: a variable of a `_Data` input type says which fields clients may set.
/// The newest emulator requires it; older ones did not know it, so a missing `@allow` is a warning.
final class AllowDirectiveRule: ValidationRule {
    let hooks: ValidationHooks = [.variableDefinition, .directive]

    func enterVariableDefinition(_ definition: VariableDefinition, type: TypeRef, namedType: SchemaType?, _ context: ValidationContext) {
        guard type.namedType.hasSuffix("_Data"), namedType?.kind == .inputObject,
              context.schema.directive(named: BuiltinName.allow) != nil,
              !definition.directives.contains(where: { $0.name.value == BuiltinName.allow }) else { return }
        context.warning(.allowMissing, "Variable \"$\(definition.variable.name.value)\" of type \"\(type)\" should list the fields clients may set with @allow(fields: \"...\").",
                        at: definition.range,
                        notes: [.init("Data Connect requires @allow on \"_Data\" variables since mid-2026; older emulators accept it without.")])
    }

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        guard directive.name.value == BuiltinName.allow, definition != nil,
              let fields = directive.arguments.first(where: { $0.name.value == "fields" }),
              case .string(let string) = fields.value, string.value.allSatisfy(\.isWhitespace) else { return }
        context.error(.allowEmpty, "@allow(fields:) must name at least one field.", at: fields.value.range)
    }
}
