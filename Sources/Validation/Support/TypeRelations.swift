import GraphQL
import Schema

/// Questions about types that several rules ask: kinds, wrapping and the spec's subtype relation.
extension Schema {
    /// The named type at the core of `type`, if the schema has it.
    func namedType(of type: TypeRef) -> SchemaType? { self.type(named: type.namedType) }

    /// The object types a value of composite type `name` can have at run time.
    func possibleTypes(of name: String) -> Set<String> {
        guard let type = type(named: name) else { return [] }
        switch type.kind {
        case .object: return [name]
        case .union: return Set(type.possibleTypes)
        case .interface:
            return Set(typeNames.filter { self.type(named: $0).map { $0.kind == .object && $0.interfaces.contains(name) } ?? false })
        default: return []
        }
    }

    /// Whether a value of type `sub` can be used where `sup` is expected (spec `IsTypeSubTypeOf`,
    /// restricted to input types, where only identical named types match).
    func isSubtype(_ sub: TypeRef, of sup: TypeRef) -> Bool {
        switch (sub, sup) {
        case (.nonNull(let inner), .nonNull(let superInner)): return isSubtype(inner, of: superInner)
        case (_, .nonNull): return false
        case (.nonNull(let inner), _): return isSubtype(inner, of: sup)
        case (.list(let inner), .list(let superInner)): return isSubtype(inner, of: superInner)
        case (.list, _), (_, .list): return false
        case (.named(let name), .named(let superName)): return name == superName
        }
    }
}

/// The kind of every named type, looked up by rules for nearly every node. Reading `kind` through
/// `Schema.type(named:)` would retain and release the type's shared storage each time, which
/// the threads of a parallel walk would contend for.
struct TypeKinds: Sendable {
    private var kinds = NameTable<SchemaType.Kind>()

    init(_ schema: Schema) {
        for type in schema.allTypes { kinds.insert(type.kind, for: type.name) }
    }

    func kind(of name: String) -> SchemaType.Kind? { kinds[name] }
}

extension ValidationContext {
    /// Whether the schema has a type of this name.
    public func hasType(_ name: String) -> Bool { kinds.kind(of: name) != nil }

    /// Object, interface or union: a type that has a selection set.
    public func isComposite(_ name: String) -> Bool {
        switch kinds.kind(of: name) {
        case .object?, .interface?, .union?: true
        default: false
        }
    }

    /// Scalar or enum: a type that ends a selection.
    public func isLeaf(_ name: String) -> Bool {
        switch kinds.kind(of: name) {
        case .scalar?, .enumType?: true
        default: false
        }
    }

    /// Scalar, enum or input object: a type a variable or argument may have.
    public func isInputType(_ name: String) -> Bool {
        switch kinds.kind(of: name) {
        case .scalar?, .enumType?, .inputObject?: true
        default: false
        }
    }
}

/// Conversion from the syntax tree, shared with the IR.
public extension TypeRef {
    /// The model type written by a type reference of the syntax tree.
    init(_ reference: TypeReference) {
        switch reference {
        case .named(let named): self = .named(named.name.value)
        case .list(let inner, _): self = .list(TypeRef(inner))
        case .nonNull(let inner, _): self = .nonNull(TypeRef(inner))
        }
    }
}
