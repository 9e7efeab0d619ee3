/// Generates the per-table input types that write rows: `T_KeyOutput`, `T_Key`, `T_Data`
/// and the per-enum helper types (docs/schema.md, step 6).
enum InputTypeBuilder {
    private static let memberOrigin = Origin.generated(Generated(purpose: nil, fromType: nil, file: nil, cause: nil))

    static func field(_ name: String, _ type: TypeRef, _ details: InputValueDetails = .none) -> SchemaInputValue {
        SchemaInputValue(name: name, type: type, details: details, origin: memberOrigin)
    }

    static func inputType(_ name: String, _ description: String, _ fields: [SchemaInputValue], cause: EntityPlan?) -> SchemaType {
        SchemaType(kind: .inputObject, name: name, description: description,
                   origin: .generated(Generated(purpose: nil, fromType: cause?.name, file: .input, cause: cause?.span)), inputFields: fields)
    }

    static func build(_ context: inout SynthesisContext) {
        for name in context.enumNames { addEnumTypes(name, &context) }
        let generated = context.mapPlans(where: \.isTable) { plan, context in (plan.span, tableTypes(of: plan, context)) }
        for (cause, types) in generated { context.addGenerated(types, cause: cause) }
    }

    private static func tableTypes(of plan: EntityPlan, _ context: SynthesisContext) -> [SchemaType] {
        let names = context.names.entity(plan.name)
        let keyOutput = SchemaType(
            kind: .scalar, name: names.keyOutput.namedType,
            description: "The primary key of a row as a JSON object, returned by mutations; it has the fields of the `_Key` input.",
            origin: .generated(Generated(purpose: nil, fromType: plan.name, file: .input, cause: plan.span)))
        return [keyOutput, keyType(plan, names, context.names), dataType(plan, names, context)]
    }

    /// Server-value variants of a single value: `_date`, `_expr`, `_time` (keys and data alike).
    private static func variants(_ name: String, _ base: String, _ column: ColumnTypeNames, into fields: inout [SchemaInputValue]) {
        if base == "Date" { fields.append(field(name + "_date", .named("Date_Relative"), .serverDate)) }
        if let expr = column.expr { fields.append(field(name + "_expr", expr, .serverExpression)) }
        if base == "Timestamp" { fields.append(field(name + "_time", .named("Timestamp_Relative"), .serverInstant)) }
    }

    private static func keyType(_ plan: EntityPlan, _ names: EntityTypeNames, _ all: GeneratedNames) -> SchemaType {
        var fields: [SchemaInputValue] = []
        for name in plan.key {
            guard let column = plan.field(name) else { continue }
            let types = all.column(column.base)
            fields.append(field(name, types.base, .primaryKeyField))
            variants(name, column.base, types, into: &fields)
        }
        return inputType(names.key.namedType, "Identifies one row by its primary key.", fields, cause: plan)
    }

    private static func dataType(_ plan: EntityPlan, _ names: EntityTypeNames, _ context: SynthesisContext) -> SchemaType {
        var fields: [SchemaInputValue] = []
        fields.reserveCapacity(plan.fields.count * 3 + plan.relations.count)
        for planField in plan.fields {
            let name = planField.name
            switch planField.role {
            case .column(let base, _, false):
                let types = context.names.column(base)
                fields.append(field(name, types.base, .setsColumn))
                variants(name, base, types, into: &fields)
                if let update = types.update { fields.append(field(name + "_update", update, .changesColumn)) }
                if base == "Vector" { fields.append(field(name + "_embed", .named("Vector_Embed"), .embedsVector)) }
            case .column(let base, _, true):
                let types = context.names.column(base)
                fields.append(field(name, types.baseList, .setsList))
                if let update = types.listUpdate { fields.append(field(name + "_update", update, .changesList)) }
            case .reference(let target):
                fields.append(field(name, context.names.entity(target).key, .setsForeignKey))
            }
        }
        for relation in plan.relations where context.isTable(relation.through) {
            let child = context.names.entity(relation.through)
            switch relation.kind {
            case .oneToMany: fields.append(field(relation.field, child.dataList, .writesReferencingRows))
            case .oneToOne: fields.append(field(relation.field, child.data, .writesReferencingRow))
            case .manyToMany: continue
            }
        }
        return inputType(names.data.namedType, "The column values of a row to write; every field is optional.", fields, cause: plan)
    }

    private static func addEnumTypes(_ name: String, _ context: inout SynthesisContext) {
        let cause = context.schema.type(named: name)?.origin.source
        let origin = Origin.generated(Generated(purpose: nil, fromType: name, file: .input, cause: cause))
        let column = context.names.column(name)
        let expr = column.expr ?? .named(name + "_Expr")
        let compare = { (op: String) in [field(op, column.base), field(op + "_expr", expr, .forbiddenInVariables)] }
        let filter = ["eq", "ne"].flatMap(compare) + [field("isNull", GeneratedArguments.boolean), field("in", column.baseList),
                                                       field("nin", column.baseList)] + ["gt", "ge", "lt", "le"].flatMap(compare)
        let list = compare("includes") + [field("includesAll", column.baseList)] + compare("excludes")
            + [field("excludesAll", column.baseList), field("count", .named("Int_Filter"), .countDefault), field("exist", column.filter)]
        let types = [
            SchemaType(kind: .scalar, name: expr.namedType, description: "A CEL expression that yields a value of the enum.",
                       directives: PreludeDSL.forbiddenBoth, origin: origin),
            SchemaType(kind: .inputObject, name: column.filter.namedType, description: "Conditions on an enum value.", origin: origin,
                       inputFields: filter),
            SchemaType(kind: .inputObject, name: column.listFilter.namedType, description: "Conditions on a list of enum values.",
                       origin: origin, inputFields: list),
        ]
        context.addGenerated(types, cause: cause)
    }
}
