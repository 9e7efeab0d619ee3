import Diagnostics
import GraphQL

/// Rebuilds the schema Data Connect synthesizes from a service's `@table`/`@view` types
/// (newest emulator generation; docs/schema.md).
public enum SchemaBuilder {
    /// The complete schema for `userSchema` (every `.gql` document of the schema folder), or nil
    /// when the user schema has errors; its diagnostics, warnings included, go to `diagnostics`.
    public static func build(userSchema: [Document], diagnostics: inout DiagnosticCollector) -> Schema? {
        var context = SynthesisContext()
        UserSchemaReader.read(userSchema, into: &context)
        context.names = GeneratedNames(entities: context.orderedPlans.map(\.name), enums: context.enumNames)
        UserSchemaValidator.validate(&context)
        KeyResolver.resolve(&context)
        RelationResolver.resolve(&context)
        EntityFieldBuilder.build(&context)
        InputTypeBuilder.build(&context)
        QueryInputBuilder.build(&context)
        RootFieldBuilder.build(&context)
        diagnostics.append(contentsOf: context.diagnostics.diagnostics)
        guard !context.diagnostics.hasErrors else { return nil }
        var schema = context.schema
        for plan in context.orderedPlans {
            schema.add(Entity(
                name: plan.name, kind: plan.kind, singular: plan.singular, plural: plan.plural, keyFields: plan.key,
                references: plan.references, source: plan.span))
        }
        return schema
    }
}
