import Diagnostics
import IR

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
}

extension KeyStruct {
    /// The struct of `key`; nil, with an error, when a key field has no Swift type.
    init?(_ key: IRKeyType, in types: SwiftTypes, diagnostics: inout DiagnosticCollector) {
        var fields: [Field] = []
        for field in key.fields {
            guard let base = types.baseType(field.type.namedType) else {
                diagnostics.append(Diagnostic(.error, .emitUnrepresentableType, "key field '\(field.name)' of table '\(key.table)' has no Swift type", span: key.span))
                return nil
            }
            fields.append(Field(name: field.name, swiftType: SwiftTypeMapper.swiftType(field.type, base: base)))
        }
        self.init(table: key.table, name: GeneratedNames.keyStruct(table: key.table), fields: fields)
    }
}
