import Schema

/// What rules need to know about a set of arguments or input fields, worked out once per run.
public final class InputFacts: Sendable {
    /// Non-null members without a default.
    public let required: [SchemaInputValue]
    public let oneOfGroups: [OneOfGroup]

    static let empty = InputFacts([])

    init(_ declared: [SchemaInputValue]) {
        required = declared.filter { $0.type.isNonNull && $0.defaultValue == nil }
        oneOfGroups = OneOfGroup.groups(in: declared)
    }
}

/// Reference-typed views of the schema elements the walk touches at every node, built lazily by
/// each walk, so that what rules work out about an element (its `InputFacts`) is worked out once.
/// Unknown names get an entry whose payload is nil. Entries point to the types of their
/// selections, never the other way, so nothing forms cycles.
struct SchemaCache {
    final class TypeEntry {
        let type: SchemaType?
        /// The entry's number in its cache, part of its fields' keys.
        fileprivate let number: Int32

        /// Facts about the input fields of an input object type.
        private(set) lazy var facts = type.map { $0.kind == .inputObject ? InputFacts($0.inputFields) : .empty } ?? .empty

        fileprivate init(_ type: SchemaType?, number: Int32) {
            self.type = type
            self.number = number
        }

        var isInputObject: Bool { type?.kind == .inputObject }
    }

    final class FieldEntry {
        let definition: SchemaField?
        let owner: ArgumentOwner?
        /// The field's named type when it is composite: the parent of its selection set.
        let selectionType: TypeEntry
        private(set) lazy var facts = definition.map { InputFacts($0.arguments) } ?? .empty

        init(_ definition: SchemaField?, owner: ArgumentOwner?, selectionType: TypeEntry) {
            self.definition = definition
            self.owner = owner
            self.selectionType = selectionType
        }
    }

    final class DirectiveEntry {
        let definition: SchemaDirective?
        let owner: ArgumentOwner?
        private(set) lazy var facts = definition.map { InputFacts($0.arguments) } ?? .empty

        init(_ definition: SchemaDirective?) {
            self.definition = definition
            self.owner = definition.map { .directive($0) }
        }
    }

    /// A field entry's key: the parent's number and the field's name.
    private struct FieldKey: Hashable {
        let parent: Int32
        let name: String
    }

    let none = TypeEntry(nil, number: 0)
    private let schema: Schema
    private var types = NameTable<TypeEntry>()
    private var directives = NameTable<DirectiveEntry>()
    private var fields: [FieldKey: FieldEntry] = [:]

    init(_ schema: Schema) { self.schema = schema }

    mutating func type(_ name: String) -> TypeEntry {
        if let cached = types[name] { return cached }
        let entry = TypeEntry(schema.type(named: name), number: Int32(types.count + 1))
        types.insert(entry, for: name)
        return entry
    }

    /// The type when it is an object, interface or union, else `none`.
    mutating func compositeType(_ name: String) -> TypeEntry {
        let entry = type(name)
        switch entry.type?.kind {
        case .object?, .interface?, .union?: return entry
        default: return none
        }
    }

    mutating func field(_ name: String, on parent: TypeEntry) -> FieldEntry {
        let key = FieldKey(parent: parent.number, name: name)
        if let cached = fields[key] { return cached }
        let definition = parent.type.flatMap { FieldLookup.field(name, on: $0) }
        let entry = FieldEntry(
            definition, owner: definition.map { .field($0, parentType: parent.type?.name ?? "") },
            selectionType: definition.map { compositeType($0.type.namedType) } ?? none)
        fields[key] = entry
        return entry
    }

    mutating func directive(_ name: String) -> DirectiveEntry {
        if let cached = directives[name] { return cached }
        let entry = DirectiveEntry(schema.directive(named: name))
        directives.insert(entry, for: name)
        return entry
    }

    func inputField(_ name: String, of type: TypeEntry) -> SchemaInputValue? {
        type.type?.inputField(named: name)
    }
}
