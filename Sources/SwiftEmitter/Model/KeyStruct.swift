import Diagnostics
import Schema

/// The `<Table>Key` struct of one table (docs/generated-code.md, "`<Conn>Keys.swift`").
struct KeyStruct: Hashable, Sendable {
    struct Field: Hashable, Sendable {
        /// The key column's GraphQL field name, e.g. `libraryId`.
        var name: String
        /// Non-optional Swift type, e.g. `UUID`.
        var swiftType: String
    }

    var table: String
    var name: String
    var fields: [Field]

    /// One key struct per table of `schema`, in the byte order of the `<Table>_Key` input names.
    static func all(in schema: Schema, diagnostics: inout DiagnosticCollector) -> [KeyStruct] {
        let tables = schema.entityNames.compactMap(schema.entity(named:)).filter { $0.kind == .table }
        // Sort keys built once, not per comparison.
        return tables.map { (key: Array(($0.name + "_").utf8), table: $0) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .compactMap { keyStruct(for: $0.table, in: schema, diagnostics: &diagnostics) }
    }

    private static func keyStruct(for entity: Entity, in schema: Schema, diagnostics: inout DiagnosticCollector) -> KeyStruct? {
        guard let type = schema.type(named: entity.name) else { return nil }
        var fields: [Field] = []
        for name in declarationOrder(entity, type) {
            guard let field = type.field(named: name),
                  let base = SwiftTypeMapper.baseType(forNamed: field.type.namedType, in: schema) else {
                diagnostics.append(Diagnostic(
                    .error, .emitUnrepresentableType, "key field '\(name)' of table '\(entity.name)' has no Swift type", span: entity.source))
                return nil
            }
            fields.append(Field(name: name, swiftType: SwiftTypeMapper.swiftType(field.type.nonNull, base: base)))
        }
        return KeyStruct(table: entity.name, name: GeneratedNames.keyStruct(table: entity.name), fields: fields)
    }

    /// Key columns ordered by where the table declares them (a foreign key sits where its
    /// reference field is declared), which is the order Firebase uses (FriendlyFlix's `ReviewKey`).
    private static func declarationOrder(_ entity: Entity, _ type: SchemaType) -> [String] {
        guard entity.keyFields.count > 1 else { return entity.keyFields }
        // Positions of the few fields that can own a key column only: a table type has dozens of
        // generated fields, and indexing all of them cost more than the rest of the key struct.
        let owners = entity.keyFields + entity.references.map(\.field)
        var position: [String: Int] = [:]
        for (index, field) in type.fields.enumerated() where owners.contains(field.name) { position[field.name] = index }
        func owner(_ column: String) -> Int {
            if let field = type.field(named: column), case .declared = field.origin { return position[column] ?? -1 }
            if let reference = entity.references.first(where: { $0.foreignKeys.contains(column) }) {
                return position[reference.field] ?? -1
            }
            return -1
        }
        return entity.keyFields.enumerated()
            .sorted { lhs, rhs in
                let (left, right) = (owner(lhs.element), owner(rhs.element))
                return left != right ? left < right : lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}
