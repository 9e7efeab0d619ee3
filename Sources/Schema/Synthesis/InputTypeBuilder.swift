/// Generates the per-table input types that write rows: `T_KeyOutput`, `T_Key`, `T_Data`
/// (spec §6.1–§6.3), and the per-enum helper types (§6.9).
enum InputTypeBuilder {
    /// Scalars with a CEL `X_Expr` counterpart.
    static let expressionScalars: Set<String> = ["String", "UUID", "Int", "Int64", "Float", "Boolean", "Date", "Timestamp", "Any"]
    private static let listUpdateScalars = Set(PreludeInputs.listUpdateScalars)

    static func field(_ name: String, _ type: TypeRef, forbidden: Bool = false, default value: ConstValue? = nil,
                      _ description: String? = nil) -> SchemaInputValue {
        SchemaInputValue(name: name, type: type, defaultValue: value, description: description,
                         directives: forbidden ? [PreludeDSL.forbiddenInVariables] : [],
                         origin: .generated(Generated(purpose: nil, from: nil, file: .input, cause: nil)))
    }

    static func field(_ name: String, _ type: String, forbidden: Bool = false, default value: ConstValue? = nil,
                      _ description: String? = nil) -> SchemaInputValue {
        field(name, TypeRef(parsing: type) ?? .named(type), forbidden: forbidden, default: value, description)
    }

    static func inputType(_ name: String, _ description: String, _ fields: [SchemaInputValue], cause: EntityPlan?) -> SchemaType {
        var type = SchemaType(kind: .inputObject, name: name, description: description,
                              origin: .generated(Generated(purpose: nil, from: cause?.name, file: .input, cause: cause?.span)))
        type.setMembers(inputFields: fields)
        return type
    }

    static func build(_ context: inout SynthesisContext) {
        for name in context.enumNames { addEnumTypes(name, &context) }
        for plan in context.orderedPlans where plan.isTable {
            let keyOutput = SchemaType(
                kind: .scalar, name: "\(plan.name)_KeyOutput",
                description: "The primary key of a `\(plan.name)` row as a JSON object, returned by mutations; same fields as `\(plan.name)_Key`.",
                origin: .generated(Generated(purpose: nil, from: plan.name, file: .input, cause: plan.span)))
            context.addGenerated(keyOutput, cause: plan.span)
            context.addGenerated(keyType(plan), cause: plan.span)
            context.addGenerated(dataType(plan, context), cause: plan.span)
        }
    }

    /// Variants of a value of base `base`: `_expr`, `_date`, `_time` (no `_update`/`_embed` in keys).
    private static func keyVariants(_ name: String, _ base: String, isEnum: Bool) -> [SchemaInputValue] {
        var result: [SchemaInputValue] = []
        if base == "Date" { result.append(field("\(name)_date", "Date_Relative", forbidden: true, "A date computed on the server.")) }
        if expressionScalars.contains(base) || isEnum {
            result.append(field("\(name)_expr", "\(base)_Expr", forbidden: true, "A CEL expression evaluated on the server."))
        }
        if base == "Timestamp" { result.append(field("\(name)_time", "Timestamp_Relative", forbidden: true, "An instant computed on the server.")) }
        return result
    }

    private static func keyType(_ plan: EntityPlan) -> SchemaType {
        var fields: [SchemaInputValue] = []
        for name in plan.key {
            guard let column = plan.field(name) else { continue }
            fields.append(field(name, column.base, "The `\(name)` key field."))
            if case .column(let base, let isEnum, _) = column.role { fields += keyVariants(name, base, isEnum: isEnum) }
        }
        return inputType("\(plan.name)_Key", "Identifies one `\(plan.name)` row by its primary key.", fields, cause: plan)
    }

    private static func dataType(_ plan: EntityPlan, _ context: SynthesisContext) -> SchemaType {
        var fields: [SchemaInputValue] = []
        for planField in plan.fields {
            let name = planField.name
            switch planField.role {
            case .column(let base, let isEnum, false):
                fields.append(field(name, base, "Sets `\(name)`."))
                fields += keyVariants(name, base, isEnum: isEnum)
                if let update = updateType(base) {
                    fields.append(field("\(name)_update", "[\(update)!]", forbidden: true, "Changes `\(name)` relative to its current value."))
                }
                if base == "Vector" {
                    fields.append(field("\(name)_embed", "Vector_Embed", forbidden: true, "Sets `\(name)` by embedding text on the server."))
                }
            case .column(let base, _, true):
                fields.append(field(name, "[\(base)!]", "Sets the list `\(name)`."))
                if listUpdateScalars.contains(base) {
                    fields.append(field("\(name)_update", "[\(base)_ListUpdate!]", forbidden: true, "Changes the list `\(name)` in place."))
                }
            case .reference(let target):
                fields.append(field(name, "\(target)_Key", forbidden: true, "Sets the foreign key of `\(name)` to this row's key."))
            }
        }
        for relation in plan.relations where context.isTable(relation.through) {
            switch relation.kind {
            case .oneToMany:
                fields.append(field(relation.field, "[\(relation.through)_Data!]", "Also writes these `\(relation.through)` rows."))
            case .oneToOne:
                fields.append(field(relation.field, "\(relation.through)_Data", "Also writes this `\(relation.through)` row."))
            case .manyToMany:
                continue
            }
        }
        return inputType("\(plan.name)_Data", "The column values of a `\(plan.name)` row to write; every field is optional.", fields,
                         cause: plan)
    }

    private static func updateType(_ base: String) -> String? {
        ["Int", "Int64", "Float", "Date", "Timestamp"].contains(base) ? "\(base)_Update" : nil
    }

    private static func addEnumTypes(_ name: String, _ context: inout SynthesisContext) {
        let cause = context.schema.type(named: name)?.origin.source
        let origin = Origin.generated(Generated(purpose: nil, from: name, file: .input, cause: cause))
        let expr = SchemaType(kind: .scalar, name: "\(name)_Expr", description: "A CEL expression that yields a `\(name)` value.",
                              directives: PreludeDSL.forbiddenBoth, origin: origin)
        context.addGenerated(expr, cause: cause)
        var filter: [SchemaInputValue] = []
        for op in ["eq", "ne"] {
            filter += [field(op, name), field("\(op)_expr", "\(name)_Expr", forbidden: true)]
        }
        filter += [field("isNull", "Boolean"), field("in", "[\(name)!]"), field("nin", "[\(name)!]")]
        for op in ["gt", "ge", "lt", "le"] {
            filter += [field(op, name), field("\(op)_expr", "\(name)_Expr", forbidden: true)]
        }
        var filterType = SchemaType(kind: .inputObject, name: "\(name)_Filter", description: "Conditions on a `\(name)` value.", origin: origin)
        for item in filter { filterType.add(item) }
        context.addGenerated(filterType, cause: cause)
        let list = [
            field("includes", name), field("includes_expr", "\(name)_Expr", forbidden: true), field("includesAll", "[\(name)!]"),
            field("excludes", name), field("excludes_expr", "\(name)_Expr", forbidden: true), field("excludesAll", "[\(name)!]"),
            field("count", "Int_Filter", default: .object([.init(name: "gt", value: 0)])),
            field("exist", "\(name)_Filter"),
        ]
        var listType = SchemaType(kind: .inputObject, name: "\(name)_ListFilter", description: "Conditions on a list of `\(name)` values.",
                                  origin: origin)
        for item in list { listType.add(item) }
        context.addGenerated(listType, cause: cause)
    }
}
