import Diagnostics
import Parallel

/// What a field of an entity is to synthesis.
enum FieldRole: Hashable, Sendable {
    /// A column of a built-in scalar or user enum (single or list).
    case column(base: String, isEnum: Bool, isList: Bool)
    /// A single reference to another entity.
    case reference(target: String)
}

/// A field of an entity as synthesis sees it: declared or implicit.
struct PlanField: Sendable {
    var name: String
    var type: TypeRef
    var role: FieldRole
    /// Set for implicit fields (`IMPLICIT_KEY_FIELD`, `IMPLICIT_REF_FIELD`).
    var implicitPurpose: GeneratedPurpose?
    /// The field's declaration, or for an implicit field the declaration that caused it.
    var span: SourceSpan?

    var base: String { type.namedType }

    var referenceTarget: String? {
        if case .reference(let target) = role { return target }
        return nil
    }
}

/// Everything synthesis derives for one table or view; a reference, since the builders read plans many
/// times per entity on every processor. Only the steps before them change a plan, one at a time.
final class EntityPlan: @unchecked Sendable {
    let name: String
    let kind: Entity.Kind
    var singular: String
    var plural: String
    var span: SourceSpan?
    /// The `@table(key:)` entries as written; nil when absent.
    var declaredKey: [String]?
    var declaredKeySpan: SourceSpan?
    private(set) var fields: [PlanField] = []
    /// Each field's position in `fields`, by name.
    private var fieldIndex: [String: Int] = [:]
    /// The expanded primary key (column names); empty for views.
    var key: [String] = []
    var references: [Reference] = []
    var relations: [Relation] = []
    /// Aggregate fields, fixed once all columns (implicit ones included) are known.
    var aggregates: [Aggregate] = []

    init(name: String, kind: Entity.Kind, singular: String, plural: String, span: SourceSpan?) {
        self.name = name
        self.kind = kind
        self.singular = singular
        self.plural = plural
        self.span = span
    }

    var isTable: Bool { kind == .table }

    func field(_ name: String) -> PlanField? {
        fieldIndex[name].map { fields[$0] }
    }

    /// A field synthesized from this entity; `member` and `cause` name the part of it that caused the field.
    func generatedField(
        _ name: String, _ type: TypeRef, _ arguments: [SchemaInputValue], _ purpose: GeneratedPurpose, file: GeneratedFile,
        member: String? = nil, cause: SourceSpan? = nil, _ description: String
    ) -> SchemaField {
        SchemaField(name: name, type: type, arguments: arguments, description: description, origin: .generated(Generated(
            purpose: purpose, fromType: self.name, fromMember: member, file: file, cause: cause ?? span)))
    }

    /// Appends a field unless one of that name exists.
    func add(_ field: PlanField) {
        guard fieldIndex[field.name] == nil else { return }
        fieldIndex[field.name] = fields.count
        fields.append(field)
    }
}

/// Shared state of one synthesis run.
struct SynthesisContext: Sendable {
    var schema = Prelude.schema
    var diagnostics = DiagnosticCollector()
    /// User enum names in declaration order.
    var enumNames: [String] = []
    var enums: Set<String> = []
    /// Entities by name and in declaration order.
    var plans: [String: EntityPlan] = [:]
    var orderedPlans: [EntityPlan] = []
    /// Generated type names, filled once the user types are known.
    var names = GeneratedNames()
    /// `@fdc_oneOf` groups by directive name, worked out once: `@default` alone is checked on many fields.
    var oneOfGroups: [String: [OneOfGroup]] = [:]

    mutating func error(_ id: DiagnosticID, _ message: String, at span: SourceSpan?, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(.error, id, message, span: span, notes: notes))
    }

    func isTable(_ name: String) -> Bool { plans[name]?.kind == .table }

    /// `body` applied to each `included` plan in declaration order, spread over the processors: building an
    /// entity's generated types and fields only reads the context; the caller adds them.
    func mapPlans<Result>(
        where included: (EntityPlan) -> Bool = { _ in true }, _ body: @escaping @Sendable (EntityPlan, SynthesisContext) -> Result
    ) -> [Result] {
        let plans = orderedPlans.filter(included)
        let context = self
        return ChunkedWork.map(ChunkedWork.ranges(count: plans.count)) { range in plans[range].map { body($0, context) } }.flatMap { $0 }
    }

    /// Adds generated types; reports a clash with an existing type of that name.
    mutating func addGenerated(_ types: [SchemaType], cause: SourceSpan?) {
        for type in types {
            guard let existing = schema.add(type) else { continue }
            let note = existing.origin.source.map { [Diagnostic.Note("\"\(type.name)\" is declared here.", span: $0)] } ?? []
            error(.schemaGeneratedNameClash, "Type \"\(type.name)\" clashes with a type Data Connect generates.", at: existing.origin.source ?? cause, notes: note)
        }
    }

    /// Adds generated fields to an object type in one step; reports clashes with existing fields.
    mutating func addGenerated(_ fields: [SchemaField], to typeName: String) {
        var clashes: [(SchemaField, SchemaField)] = []
        schema.modifyType(typeName) { type in
            // A clash is an error, so the linear search costs a valid schema nothing.
            clashes = type.add(contentsOf: fields).compactMap { position in
                type.fields.first { $0.name == fields[position].name }.map { (fields[position], $0) }
            }
        }
        for (field, clash) in clashes {
            if clash.origin.generated != nil {
                let note = clash.origin.source.map { [Diagnostic.Note("The other generated field comes from here.", span: $0)] } ?? []
                error(.schemaGeneratedNameClash, "Field \"\(typeName).\(field.name)\" clashes with another generated field.",
                      at: field.origin.source ?? clash.origin.source, notes: note)
            } else {
                let note = field.origin.source.map { [Diagnostic.Note("The generated field comes from here.", span: $0)] } ?? []
                let message = "Field \"\(typeName).\(field.name)\" clashes with a field Data Connect generates; rename it."
                error(.schemaGeneratedNameClash, message, at: clash.origin.source ?? field.origin.source, notes: note)
            }
        }
    }
}
