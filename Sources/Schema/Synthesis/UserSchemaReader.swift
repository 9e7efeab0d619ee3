import Diagnostics
import GraphQL

/// Reads the user's schema documents: enums and `@table`/`@view` types go into the schema as declared;
/// everything Data Connect does not accept in a schema is reported (docs/schema.md, "Schema errors").
enum UserSchemaReader {
    static func read(_ documents: [Document], into context: inout SynthesisContext) {
        var extensions: [(GraphQL.TypeDefinition, SourceFile)] = []
        for document in documents {
            let file = document.source
            for definition in document.definitions {
                switch definition {
                case .type(let node):
                    readType(node, file: file, context: &context)
                case .typeExtension(let node) where node.kind == .object:
                    extensions.append((node, file))
                case .typeExtension(let node):
                    context.error(.schemaUnsupportedExtension, "Only object types can be extended in a Data Connect schema; \"\(node.name.value)\" cannot.",
                                  at: ASTConversion.span(file, node.name.range))
                case .directive(let node):
                    context.error(.schemaCustomDirective, "Custom directives are not supported in a Data Connect schema; remove \"@\(node.name.value)\".",
                                  at: ASTConversion.span(file, node.name.range))
                case .schema(let node), .schemaExtension(let node):
                    let what = if case .schema = definition { "definition" } else { "extension" }
                    let message = "A schema \(what) is not allowed; Data Connect defines Query and Mutation itself."
                    context.error(.schemaSchemaDefinition, message, at: ASTConversion.span(file, node.range))
                case .operation(let node):
                    context.error(.schemaExecutableDefinition, "Operations belong in connector files, not in the schema.",
                                  at: ASTConversion.span(file, node.name?.range ?? node.range))
                case .fragment(let node):
                    context.error(.schemaExecutableDefinition, "Fragments belong in connector files, not in the schema.",
                                  at: ASTConversion.span(file, node.name.range))
                }
            }
        }
        // Extensions may come before their type (file order is arbitrary), so they are applied last.
        for (node, file) in extensions { applyExtension(node, file: file, context: &context) }
    }

    private static func readType(_ node: GraphQL.TypeDefinition, file: SourceFile, context: inout SynthesisContext) {
        let name = node.name.value
        let span = ASTConversion.span(file, node.name.range)
        switch node.kind {
        case .object:
            let isTable = node.directives.contains { $0.name.value == BuiltinName.table }
            let isView = node.directives.contains { $0.name.value == BuiltinName.view }
            if ["Query", "Mutation", "Subscription"].contains(name) {
                context.error(.schemaReservedName, "\"\(name)\" is reserved: Data Connect generates the root types from your tables.", at: span)
                return
            }
            if isTable && isView {
                context.error(.schemaTableAndView, "Type \"\(name)\" cannot be both a @table and a @view.", at: span)
                return
            }
            guard isTable || isView else {
                context.error(.schemaMissingTable, "Type \"\(name)\" needs @table (or @view): a Data Connect schema holds only tables, views and enums.",
                              at: span)
                return
            }
            guard var type = declare(node, file: file, context: &context) else { return }
            addFields(of: node, to: &type, file: file, context: &context)
            let built = type.build()
            context.schema.add(built)
            let directive = built.directive(named: isTable ? BuiltinName.table : BuiltinName.view)
            let singular = EntityNaming.singular(typeName: name, custom: directive?.argument("singular")?.string)
            let plural = EntityNaming.plural(singular: singular, custom: directive?.argument("plural")?.string)
            let plan = EntityPlan(name: name, kind: isTable ? .table : .view, singular: singular, plural: plural, span: span)
            if isTable, let key = directive?.argument("key") {
                plan.declaredKey = key.stringList ?? []
                plan.declaredKeySpan = directive?.origin.source
            }
            context.plans[name] = plan
            context.orderedPlans.append(plan)
        case .enumType:
            guard var type = declare(node, file: file, context: &context) else { return }
            for value in node.values where !type.add(ASTConversion.enumValue(value, in: file)) {
                context.error(.schemaDuplicateEnumValue, "Enum value \"\(name).\(value.name.value)\" is declared more than once.",
                              at: ASTConversion.span(file, value.name.range))
            }
            if node.values.isEmpty {
                context.error(.schemaEmptyEnum, "Enum \"\(name)\" needs at least one value.", at: span)
            }
            context.schema.add(type.build())
            context.enumNames.append(name)
            context.enums.insert(name)
        case .scalar:
            context.error(.schemaUnsupportedType, "Custom scalars are not supported in a Data Connect schema; use a built-in scalar for \"\(name)\".", at: span)
        case .interface:
            context.error(.schemaUnsupportedType, "Interfaces are not supported in a Data Connect schema; \"\(name)\" cannot be used.", at: span)
        case .union:
            context.error(.schemaUnsupportedType, "Unions are not supported in a Data Connect schema; \"\(name)\" cannot be used.", at: span)
        case .inputObject:
            context.error(.schemaUnsupportedType, "Input types are not supported in a Data Connect schema; Data Connect generates them from your tables.",
                          at: span)
        }
    }

    /// The empty model type for `node`, or nil (reported) when its name is taken.
    private static func declare(_ node: GraphQL.TypeDefinition, file: SourceFile, context: inout SynthesisContext) -> SchemaType.Builder? {
        let name = node.name.value
        let span = ASTConversion.span(file, node.name.range)
        if let existing = context.schema.type(named: name) {
            if let first = existing.origin.source {
                context.error(.schemaDuplicateType, "Type \"\(name)\" is declared more than once.", at: span,
                              notes: [Diagnostic.Note("The first declaration is here.", span: first)])
            } else {
                context.error(.schemaBuiltinTypeClash, "Type \"\(name)\" clashes with a built-in type of the same name.", at: span)
            }
            return nil
        }
        if name.hasPrefix("__") {
            context.error(.schemaReservedName, "Names starting with \"__\" are reserved by GraphQL; rename \"\(name)\".", at: span)
            return nil
        }
        return ASTConversion.emptyType(node, in: file)
    }

    private static func applyExtension(_ node: GraphQL.TypeDefinition, file: SourceFile, context: inout SynthesisContext) {
        let name = node.name.value
        let span = ASTConversion.span(file, node.name.range)
        guard context.plans[name] != nil else {
            let known = context.schema.type(named: name) != nil
            context.error(.schemaUnsupportedExtension, known ? "Only @table and @view types can be extended; \"\(name)\" is not one."
                                : "Cannot extend unknown type \"\(name)\".", at: span)
            return
        }
        if !node.directives.isEmpty || !node.interfaces.isEmpty {
            context.error(.schemaUnsupportedExtension, "An extension of \"\(name)\" may only add fields.", at: span)
        }
        guard var type = context.schema.type(named: name).map(SchemaType.Builder.init) else { return }
        addFields(of: node, to: &type, file: file, context: &context)
        context.schema.modifyType(name) { $0 = type }
    }

    private static func addFields(of node: GraphQL.TypeDefinition, to type: inout SchemaType.Builder, file: SourceFile,
                                  context: inout SynthesisContext) {
        for position in type.add(contentsOf: node.fields.map { ASTConversion.field($0, in: file) }) {
            let field = node.fields[position]
            context.error(.schemaDuplicateField, "Field \"\(node.name.value).\(field.name.value)\" is declared more than once.",
                          at: ASTConversion.span(file, field.name.range))
        }
    }
}
