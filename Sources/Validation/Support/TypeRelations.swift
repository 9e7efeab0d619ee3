import GraphQL
import Schema

/// Questions about types that several rules ask: kinds, wrapping and the spec's subtype relation.
extension Schema {
    /// The named type at the core of `type`, if the schema has it.
    func namedType(of type: TypeRef) -> SchemaType? { self.type(named: type.namedType) }

    /// Whether a value of type `sub` can be used where `sup` is expected (GraphQL spec `IsTypeSubTypeOf`,
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

extension ValidationContext {
    /// The kind of the type of this name, if the schema has one.
    func kind(of name: String) -> SchemaType.Kind? { schema.type(named: name)?.kind }

    /// Whether the schema has a type of this name.
    public func hasType(_ name: String) -> Bool { kind(of: name) != nil }

    /// Object, interface or union: a type that has a selection set.
    public func isComposite(_ name: String) -> Bool {
        switch kind(of: name) {
        case .object?, .interface?, .union?: true
        default: false
        }
    }

    /// Scalar or enum: a type that ends a selection.
    public func isLeaf(_ name: String) -> Bool {
        switch kind(of: name) {
        case .scalar?, .enumType?: true
        default: false
        }
    }

    /// Scalar, enum or input object: a type a variable or argument may have.
    public func isInputType(_ name: String) -> Bool {
        switch kind(of: name) {
        case .scalar?, .enumType?, .inputObject?: true
        default: false
        }
    }
}
