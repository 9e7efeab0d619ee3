import GraphQL
import Schema

/// Finds the rows an operation reads or writes by primary key, for implicit realtime refresh (docs/realtime.md):
/// a query's `movie(id:)`/`movie(key:)`, a mutation's `_insert`, `_upsert`, `_update` and `_delete` (by key),
/// `_insertMany`/`_upsertMany` with keys unknown; `_updateMany`/`_deleteMany` do not signal.
struct KeyedRowReader: Sendable {
    /// The root-field suffixes of the writes that signal.
    private static let writes = ["_insert", "_upsert", "_update", "_delete", "_insertMany", "_upsertMany"]

    /// Tables by their root-field singular (`movie` → `Movie`).
    private var tables: [String: Entity] = [:]

    init(schema: Schema) {
        for name in schema.entityNames {
            if let entity = schema.entity(named: name), entity.kind == .table, !entity.keyFields.isEmpty, tables[entity.singular] == nil {
                tables[entity.singular] = entity
            }
        }
    }

    func rows(of kind: OperationType, selection: [IRField]) -> [IREntityRow] {
        selection.compactMap { field in
            guard !field.isRetired else { return nil }
            return kind == .mutation ? written(by: field) : tables[field.name].flatMap { lookup($0, field.arguments) }
        }
    }

    private func written(by field: IRField) -> IREntityRow? {
        for suffix in Self.writes where field.name.hasSuffix(suffix) {
            guard let entity = tables[String(field.name.dropLast(suffix.count))] else { continue }
            switch suffix {
            case "_insert", "_upsert":
                let data = field.arguments.first { $0.name == "data" }?.value
                return IREntityRow(table: entity.name, key: data.flatMap { key(of: entity, in: $0) })
            case "_update", "_delete":
                return lookup(entity, field.arguments) ?? IREntityRow(table: entity.name, key: nil)
            default:
                return IREntityRow(table: entity.name, key: nil)
            }
        }
        return nil
    }

    /// `id:` or `key:`; `nil` for `first:` and anything else, which do not name one row by key.
    private func lookup(_ entity: Entity, _ arguments: [IRArgument]) -> IREntityRow? {
        if let id = arguments.first(where: { $0.name == "id" }) {
            return IREntityRow(table: entity.name, key: Self.source(id.value).map { [IRKeyPart(field: "id", source: $0)] })
        }
        if let argument = arguments.first(where: { $0.name == "key" }) {
            return IREntityRow(table: entity.name, key: key(of: entity, in: argument.value))
        }
        return nil
    }

    /// Each key field's source in a `_Key` or `_Data` value; `nil` when one is not known.
    private func key(of entity: Entity, in value: Value) -> [IRKeyPart]? {
        var parts: [IRKeyPart] = []
        for field in entity.keyFields {
            guard let source = Self.source(of: field, in: value, entity: entity) else { return nil }
            parts.append(IRKeyPart(field: field, source: source))
        }
        return parts
    }

    private static func source(of field: String, in value: Value, entity: Entity) -> IRKeySource? {
        switch value {
        case .variable(let variable):
            return .variable([variable.name.value, field])
        case .object(let object):
            if let direct = member(field, of: object) { return direct }
            // A foreign key given through its reference: `movie: {id: $id}` or `movie: $movieKey`.
            for reference in entity.references {
                guard let index = reference.foreignKeys.firstIndex(of: field),
                      let referenced = object.fields.first(where: { $0.name.value == reference.field })?.value else { continue }
                let targetField = reference.targetFields[index]
                switch referenced {
                case .variable(let variable): return .variable([variable.name.value, targetField])
                case .object(let inner): return member(targetField, of: inner)
                default: return nil
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// `field: value` or `field_expr: "auth.uid"` in an object literal.
    private static func member(_ field: String, of object: ObjectValue) -> IRKeySource? {
        for member in object.fields {
            if member.name.value == field { return source(member.value) }
            if member.name.value == field + "_expr", case .string(let expression) = member.value {
                return expression.value.filter { $0 != " " } == "auth.uid" ? .authUID : nil
            }
        }
        return nil
    }

    private static func source(_ value: Value) -> IRKeySource? {
        switch value {
        case .variable(let variable): .variable([variable.name.value])
        case .string(let string): .literal(string.value)
        case .int(let int): .literal(int.text)
        default: nil
        }
    }
}
