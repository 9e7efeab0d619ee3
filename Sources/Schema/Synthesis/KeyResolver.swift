/// Resolves primary keys, foreign keys and implicit fields (docs/schema.md, step 3).
struct KeyResolver {
    private typealias Column = (name: String, base: String)
    private typealias ForeignKey = (name: String, target: String, base: String)

    private var keyMemo: [String: [Column]] = [:]
    private var fkMemo: [String: [ForeignKey]] = [:]
    private var resolving: Set<String> = []
    private var failed: Set<String> = []

    static func resolve(_ context: inout SynthesisContext) {
        var resolver = KeyResolver()
        for plan in context.orderedPlans { resolver.addImplicitKey(plan.name, &context) }
        for plan in context.orderedPlans where plan.isTable { plan.key = resolver.keyColumns(plan.name, &context)?.map(\.name) ?? [] }
        for plan in context.orderedPlans { resolver.addForeignKeys(plan.name, &context) }
        for plan in context.orderedPlans { resolver.checkTypeLevelFields(plan.name, &context) }
        // A plan's aggregates depend on its own columns alone, so they are worked out on every core.
        for (plan, aggregates) in context.mapPlans({ plan, _ in (plan, Aggregate.all(of: plan)) }) { plan.aggregates = aggregates }
    }

    /// Adds the implicit `id: UUID!` of a table without declared key and checks a declared key.
    private func addImplicitKey(_ name: String, _ context: inout SynthesisContext) {
        guard let plan = context.plans[name], plan.isTable else { return }
        let key = plan.declaredKey ?? ["id"]
        if key == ["id"] && plan.field("id") == nil {
            plan.add(PlanField(name: "id", type: .nonNull(.named("UUID")), role: .column(base: "UUID", isEnum: false, isList: false),
                               implicitPurpose: .implicitKeyField, span: plan.span))
            return
        }
        let span = plan.declaredKeySpan ?? plan.span
        if key.isEmpty {
            context.error(.schemaInvalidKey, "The key of table \"\(name)\" is empty; list at least one field, or leave \"key\" out for an implicit UUID id.",
                          at: span)
        }
        var seen: Set<String> = []
        for entry in key {
            if !seen.insert(entry).inserted {
                context.error(.schemaInvalidKey, "Key field \"\(entry)\" is listed twice in the key of table \"\(name)\".", at: span)
            }
            guard let field = plan.field(entry) else {
                context.error(.schemaUnknownField, "The key of table \"\(name)\" names \"\(entry)\", but \"\(name)\" has no such field.", at: span)
                continue
            }
            if field.type.isList {
                context.error(.schemaInvalidKey, "Key field \"\(name).\(entry)\" is a list; key fields must be single values.", at: span)
            } else if case .column("Vector", _, _) = field.role {
                context.error(.schemaInvalidKey, "Key field \"\(name).\(entry)\" is a Vector, which cannot be part of a key.", at: span)
            }
        }
    }

    /// Table `name`'s key with references replaced by their foreign keys; nil (reported) when unresolvable.
    private mutating func keyColumns(_ name: String, _ context: inout SynthesisContext) -> [Column]? {
        if let known = keyMemo[name] { return known }
        if failed.contains(name) { return nil }
        guard let plan = context.plans[name], plan.isTable else { return nil }
        guard resolving.insert(name).inserted else {
            context.error(.schemaKeyCycle, "The key of table \"\(name)\" depends on itself through its references.", at: plan.declaredKeySpan ?? plan.span)
            failed.insert(name)
            return nil
        }
        defer { resolving.remove(name) }
        var result: [Column] = []
        for entry in plan.declaredKey ?? ["id"] {
            guard let field = plan.field(entry) else { continue }
            switch field.role {
            case .column(let base, _, let isList):
                if !isList { result.append((entry, base)) }
            case .reference:
                guard let foreignKeys = foreignKeys(name, entry, &context) else {
                    failed.insert(name)
                    return nil
                }
                result += foreignKeys.map { ($0.name, $0.base) }
            }
        }
        keyMemo[name] = result
        return result
    }

    /// The foreign-key columns of reference field `field` on `owner`; nil when they cannot be resolved.
    private mutating func foreignKeys(_ owner: String, _ field: String, _ context: inout SynthesisContext) -> [ForeignKey]? {
        let memoKey = owner + "." + field
        if let known = fkMemo[memoKey] { return known }
        guard let plan = context.plans[owner], let planField = plan.field(field), let target = planField.referenceTarget,
              let targetPlan = context.plans[target] else { return nil }
        let ref = context.schema.field(field, on: owner)?.directive(named: BuiltinName.ref)
        let span = ref?.origin.source ?? planField.span
        var targets: [Column] = []
        if let references = ref?.argument("references")?.stringList {
            let targetKey = keyColumns(target, &context) ?? []
            for name in references {
                if let column = targetPlan.field(name), case .column(let base, _, false) = column.role {
                    targets.append((name, base))
                } else if let column = targetKey.first(where: { $0.name == name }) {
                    targets.append(column)
                } else {
                    context.error(.schemaUnknownField, "\"@ref(references:)\" of \"\(owner).\(field)\" names \"\(name)\", which is not a column of \"\(target)\".",
                                  at: span)
                    return nil
                }
            }
            if Set(references) != Set(targetKey.map(\.name)) && !Self.uniqueFieldSets(of: target, context).contains(Set(references)) {
                context.error(.schemaInvalidReference, "\"@ref(references:)\" of \"\(owner).\(field)\" must name the key or a unique field set of \"\(target)\".",
                              at: span)
            }
        } else {
            guard let key = keyColumns(target, &context) else { return nil }
            targets = key
        }
        let fields = ref?.argument("fields")?.stringList
        if let fields, fields.count != targets.count {
            context.error(.schemaInvalidReference, "\"@ref(fields:)\" of \"\(owner).\(field)\" lists \(fields.count) field(s), "
                          + "but \"\(target)\" is referenced by \(targets.count).", at: span)
            return nil
        }
        let names = fields ?? targets.map { EntityNaming.foreignKey(field: field, targetField: $0.name) }
        let result = zip(names, targets).map { ForeignKey($0, $1.name, $1.base) }
        fkMemo[memoKey] = result
        return result
    }

    /// Records every reference with its foreign key and adds undeclared foreign-key fields.
    private mutating func addForeignKeys(_ name: String, _ context: inout SynthesisContext) {
        guard let plan = context.plans[name] else { return }
        let referenceFields = plan.fields.filter { $0.referenceTarget != nil }
        let keyEntries = plan.declaredKey ?? []
        let uniqueSets = Self.uniqueFieldSets(of: name, context)
        let key = Set(plan.key)
        var references: [String: Reference] = [:]
        // Key references first, as the emulator orders implicit fields.
        for field in referenceFields.filter({ keyEntries.contains($0.name) }) + referenceFields.filter({ !keyEntries.contains($0.name) }) {
            guard let target = field.referenceTarget, let foreignKeys = foreignKeys(name, field.name, &context) else { continue }
            for foreignKey in foreignKeys { addForeignKeyField(foreignKey, reference: field, owner: name, &context) }
            let foreignKeySet = Set(foreignKeys.map(\.name))
            let isOneToOne = (!key.isEmpty && key == foreignKeySet) || uniqueSets.contains([field.name])
                || uniqueSets.contains(foreignKeySet)
            references[field.name] = Reference(field: field.name, target: target, foreignKeys: foreignKeys.map(\.name),
                                               targetFields: foreignKeys.map(\.target), isOneToOne: isOneToOne)
        }
        plan.references = referenceFields.compactMap { references[$0.name] }
    }

    private func addForeignKeyField(_ foreignKey: ForeignKey, reference: PlanField, owner: String, _ context: inout SynthesisContext) {
        if let declared = context.plans[owner]?.field(foreignKey.name) {
            switch declared.role {
            case .column(let base, _, let isList):
                if isList || base != foreignKey.base {
                    context.error(.schemaInvalidReference, "Foreign key field \"\(owner).\(foreignKey.name)\" is \(declared.type), "
                                  + "but the field it references is \(foreignKey.base).", at: declared.span)
                }
            case .reference:
                if declared.name != reference.name {
                    context.error(.schemaInvalidReference, "Foreign key field \"\(owner).\(foreignKey.name)\" of \"\(reference.name)\" is itself a reference.",
                                  at: declared.span)
                }
            }
            return
        }
        let type: TypeRef = reference.type.isNonNull ? .nonNull(.named(foreignKey.base)) : .named(foreignKey.base)
        context.plans[owner]?.add(PlanField(name: foreignKey.name, type: type,
                                            role: .column(base: foreignKey.base, isEnum: context.enums.contains(foreignKey.base), isList: false),
                                            implicitPurpose: .implicitRefField, span: reference.span))
    }

    /// Field sets made unique by `@unique`: the type-level `fields:` lists and single `@unique` fields.
    private static func uniqueFieldSets(of name: String, _ context: SynthesisContext) -> [Set<String>] {
        guard let type = context.schema.type(named: name) else { return [] }
        let typeLevel = type.directives.filter { $0.name == BuiltinName.unique }
            .compactMap { $0.argument("fields")?.stringList.map(Set.init) }
        let fieldLevel = type.fields.filter { field in
            field.directives.contains { $0.name == BuiltinName.unique && $0.argument("fields") == nil }
        }.map { Set([$0.name]) }
        return typeLevel + fieldLevel
    }

    /// `@unique(fields:)` and `@index(fields:)` on a type must be given and must name its fields.
    private func checkTypeLevelFields(_ name: String, _ context: inout SynthesisContext) {
        guard let plan = context.plans[name], let type = context.schema.type(named: name) else { return }
        for use in type.directives where use.name == BuiltinName.unique || use.name == BuiltinName.index {
            guard let fields = use.argument("fields")?.stringList else {
                context.error(.schemaDirectiveArgument, "\"@\(use.name)\" on type \"\(name)\" needs \"fields\".", at: use.origin.source)
                continue
            }
            if fields.isEmpty { context.error(.schemaDirectiveArgument, "\"@\(use.name)(fields:)\" on type \"\(name)\" is empty.", at: use.origin.source) }
            for field in fields where plan.field(field) == nil {
                context.error(.schemaUnknownField, "\"@\(use.name)\" on type \"\(name)\" names \"\(field)\", but \"\(name)\" has no such field.",
                              at: use.origin.source)
            }
        }
    }
}
