/// Derives the reverse relation fields every reference creates on its target (docs/schema.md, step 4).
enum RelationResolver {
    static func resolve(_ context: inout SynthesisContext) {
        var relations: [Relation.Kind: [String: [Relation]]] = [:]
        // Children in type-name order, as the emulator lists them.
        for child in context.orderedPlans.sorted(by: { $0.name < $1.name }) {
            func add(_ field: String, _ kind: Relation.Kind, on target: String, _ throughField: String, returns: String) {
                relations[kind, default: [:]][target, default: []].append(
                    Relation(field: field, kind: kind, through: child.name, throughField: throughField, returns: returns))
            }
            for reference in child.references {
                let (stem, kind): (String, Relation.Kind) = reference.isOneToOne ? (child.singular, .oneToOne) : (child.plural, .oneToMany)
                add("\(stem)_on_\(reference.field)", kind, on: reference.target, reference.field, returns: child.name)
            }
            guard let (first, second) = joinReferences(child), let firstPlan = context.plans[first.target],
                  let secondPlan = context.plans[second.target] else { continue }
            let via = "_via_" + child.name
            if first.target == second.target {
                // Self join: the suffix names the join field that points at the returned rows.
                add("\(firstPlan.plural)\(via)_on_\(second.field)", .manyToMany, on: first.target, first.field, returns: first.target)
                add("\(firstPlan.plural)\(via)_on_\(first.field)", .manyToMany, on: first.target, second.field, returns: first.target)
            } else {
                add(secondPlan.plural + via, .manyToMany, on: first.target, first.field, returns: second.target)
                add(firstPlan.plural + via, .manyToMany, on: second.target, second.field, returns: first.target)
            }
        }
        for plan in context.orderedPlans {
            plan.relations = [.oneToMany, .oneToOne, .manyToMany].flatMap { relations[$0]?[plan.name] ?? [] }
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

/// A reverse relation field synthesized on an entity (`reviews_on_movie`, `actors_via_MovieActor`).
struct Relation: Sendable {
    enum Kind { case oneToMany, oneToOne, manyToMany }

    var field: String
    var kind: Kind
    /// The entity whose reference field creates the relation (the join table for many-to-many).
    var through: String
    /// The reference field on `through` that points back at this entity.
    var throughField: String
    /// The entity type the relation returns.
    var returns: String
}
