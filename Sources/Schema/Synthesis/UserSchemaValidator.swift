import Diagnostics

/// Checks each user table, view and enum and classifies entity fields as columns or references.
enum UserSchemaValidator {
    static func validate(_ context: inout SynthesisContext) {
        for name in context.enumNames {
            guard let type = context.schema.type(named: name) else { continue }
            DirectiveValidator.validate(type.directives, at: .enumType, on: "enum \"\(name)\"", context: &context)
            for value in type.enumValues {
                DirectiveValidator.validate(value.directives, at: .enumValue, on: "\"\(name).\(value.name)\"", context: &context)
                if ["true", "false", "null"].contains(value.name) {
                    context.error(.schemaInvalidEnumValue, "\"\(value.name)\" cannot be an enum value.", at: value.origin.source)
                }
            }
        }
        // Tables are checked side by side, each in a context copy collecting its own diagnostics and fields.
        let checked = context.mapPlans { plan, shared in
            var context = shared
            context.diagnostics = DiagnosticCollector()
            var fields: [PlanField] = []
            if let type = context.schema.type(named: plan.name) {
                DirectiveValidator.validate(type.directives, at: .object, on: "type \"\(plan.name)\"", context: &context)
                if type.fields.isEmpty {
                    context.error(.schemaEmptyTable, "Type \"\(plan.name)\" needs at least one field.", at: type.origin.source)
                }
                fields = type.fields.compactMap { classify($0, of: plan.name, context: &context) }
            }
            return (plan.name, fields, context.diagnostics.diagnostics)
        }
        for (name, fields, diagnostics) in checked {
            context.diagnostics.append(contentsOf: diagnostics)
            if let plan = context.plans[name] { for field in fields { plan.add(field) } }
        }
    }

    /// The field as synthesis sees it, or nil when it cannot be a column or reference (reported).
    private static func classify(_ field: SchemaField, of typeName: String, context: inout SynthesisContext) -> PlanField? {
        // Only error messages need the name; building it for every field would cost a string each.
        lazy var element = "\"\(typeName).\(field.name)\""
        let span = field.origin.source
        DirectiveValidator.validate(field.directives, at: .fieldDefinition, on: element, context: &context)
        if !field.arguments.isEmpty {
            context.error(.schemaFieldArguments, "Field \(element) cannot have arguments; table fields are columns or references.", at: span)
        }
        if field.name.hasPrefix("__") {
            context.error(.schemaReservedName, "Names starting with \"__\" are reserved by GraphQL; rename \(element).", at: span)
        }
        for use in field.directives where (use.name == BuiltinName.unique || use.name == BuiltinName.index) && use.argument("fields") != nil {
            context.error(.schemaDirectiveArgument, "\"@\(use.name)(fields:)\" belongs on the type; on field \(element) leave \"fields\" out.", at: use.origin.source)
        }
        let base = field.type.namedType
        let isList = field.type.isList
        if let inner = field.type.listElement, inner.isList {
            context.error(.schemaUnsupportedColumnType, "Field \(element) uses a nested list; columns may be lists of scalars or enums only.", at: span)
            return nil
        }
        let role: FieldRole
        if BuiltinName.columnScalars.contains(base) || context.enums.contains(base) {
            role = .column(base: base, isEnum: context.enums.contains(base), isList: isList)
        } else if let target = context.plans[base] {
            if isList {
                context.error(.schemaListReference, "Field \(element) is a list of \"\(base)\": array reference fields are not supported. "
                              + "Put a reference to \"\(typeName)\" on \"\(base)\" instead (one-to-many), or use a join table.", at: span)
                return nil
            }
            if target.kind == .view {
                context.error(.schemaViewReference, "Field \(element) references the view \"\(base)\"; only tables can be referenced.", at: span)
                return nil
            }
            role = .reference(target: base)
        } else if base == "ID" {
            context.error(.schemaUnsupportedColumnType, "Field \(element) uses \"ID\", which is not a column type; use UUID or String.", at: span)
            return nil
        } else if context.schema.type(named: base) != nil {
            context.error(.schemaUnsupportedColumnType, "Type \"\(base)\" of field \(element) cannot be stored in a column; use a built-in scalar, an enum or a table.",
                          at: span)
            return nil
        } else {
            context.error(.schemaUnknownType, "Unknown type \"\(base)\" for field \(element).", at: span)
            return nil
        }
        if let searchable = field.directive(named: BuiltinName.searchable) {
            if case .column("String", _, false) = role {} else {
                context.error(.schemaDirectiveFieldType, "\"@searchable\" needs a String field; \(element) is \(field.type).",
                              at: searchable.origin.source)
            }
        }
        if let ref = field.directive(named: BuiltinName.ref), case .column = role {
            context.error(.schemaDirectiveFieldType, "\"@ref\" belongs on a reference field; \(element) is a column.",
                          at: ref.origin.source)
        }
        if let defaultUse = field.directive(named: BuiltinName.defaultValue), let value = defaultUse.argument("value"),
           case .column(_, let isEnum, _) = role,
           !ValueCoercion.accepts(isEnum ? enumNamesAsValues(value) : value, as: field.type.nullable, in: context.schema) {
            context.error(.schemaInvalidDefault, "Default value \(value) of \(element) does not fit its type \(field.type.nullable).",
                          at: defaultUse.origin.source)
        }
        if case .column("Vector", _, false) = role, field.directive(named: BuiltinName.col)?.argument("size") == nil {
            context.error(.schemaVectorSize, "Vector field \(element) needs its dimension: add @col(size: N).", at: span)
        }
        if case .column("Vector", _, true) = role {
            context.error(.schemaUnsupportedColumnType, "Field \(element) is a list of vectors, which is not supported.", at: span)
        }
        if context.plans[typeName]?.kind == .view && field.type.isNonNull {
            let message = "View field \(element) is non-null; a view's SQL can return nulls, so declare its fields nullable."
            context.diagnostics.append(Diagnostic(.warning, .schemaNonNullViewField, message, span: span))
        }
        return PlanField(name: field.name, type: field.type, role: role, span: span)
    }

    /// Data Connect also accepts enum defaults written as strings (`@default(value: "ACTIVE")`).
    private static func enumNamesAsValues(_ value: ConstValue) -> ConstValue {
        switch value {
        case .string(let name): .enumValue(name)
        case .list(let items): .list(items.map(enumNamesAsValues))
        default: value
        }
    }
}
