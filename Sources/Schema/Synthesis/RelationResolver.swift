/// Derives the reverse relation fields every reference creates on its target (docs/schema.md, step 4).
enum RelationResolver {
    static func resolve(_ context: inout SynthesisContext) {
        var oneToMany: [String: [Relation]] = [:]
        var oneToOne: [String: [Relation]] = [:]
        var manyToMany: [String: [Relation]] = [:]
        // Children in type-name order, as the emulator lists them.
        for child in context.orderedPlans.sorted(by: { $0.name < $1.name }) {
            for reference in child.references {
                if reference.isOneToOne {
                    oneToOne[reference.target, default: []].append(Relation(
                        field: "\(child.singular)_on_\(reference.field)", kind: .oneToOne, through: child.name,
                        throughField: reference.field, returns: child.name))
                } else {
                    oneToMany[reference.target, default: []].append(Relation(
                        field: "\(child.plural)_on_\(reference.field)", kind: .oneToMany, through: child.name,
                        throughField: reference.field, returns: child.name))
                }
            }
            guard let (first, second) = joinReferences(child) else { continue }
            guard let firstPlan = context.plans[first.target], let secondPlan = context.plans[second.target] else { continue }
            if first.target == second.target {
                // Self join: the suffix names the join field that points at the returned rows.
                manyToMany[first.target, default: []] += [
                    Relation(field: "\(firstPlan.plural)_via_\(child.name)_on_\(second.field)", kind: .manyToMany, through: child.name,
                             throughField: first.field, returns: first.target, returnsField: second.field),
                    Relation(field: "\(firstPlan.plural)_via_\(child.name)_on_\(first.field)", kind: .manyToMany, through: child.name,
                             throughField: second.field, returns: first.target, returnsField: first.field),
                ]
            } else {
                manyToMany[first.target, default: []].append(Relation(
                    field: "\(secondPlan.plural)_via_\(child.name)", kind: .manyToMany, through: child.name,
                    throughField: first.field, returns: second.target, returnsField: second.field))
                manyToMany[second.target, default: []].append(Relation(
                    field: "\(firstPlan.plural)_via_\(child.name)", kind: .manyToMany, through: child.name,
                    throughField: second.field, returns: first.target, returnsField: first.field))
            }
        }
        for name in context.planNames {
            context.plans[name]?.relations = (oneToMany[name] ?? []) + (oneToOne[name] ?? []) + (manyToMany[name] ?? [])
        }
    }

    /// The two references of a join table: a table whose declared key is exactly two reference fields.
    private static func joinReferences(_ plan: EntityPlan) -> (Reference, Reference)? {
        guard plan.isTable, let key = plan.declaredKey, key.count == 2, key[0] != key[1] else { return nil }
        guard let first = plan.references.first(where: { $0.field == key[0] }),
              let second = plan.references.first(where: { $0.field == key[1] }) else { return nil }
        return (first, second)
    }
}
