/// One query's stored result: its `data`, each object the service gave an entity id replaced by a reference to its `EntityRecord`.
indirect enum ResultNode: Equatable, Sendable {
    /// A value that holds no objects: `null`, a scalar or a list of scalars.
    case value(JSONValue)
    /// An object without an entity id; it belongs to this query alone.
    case object([String: ResultNode])
    /// A list holding objects.
    case list([ResultNode])
    /// An object with an entity id.
    case entity(EntityReference)

    /// The ids of every entity this tree refers to.
    func collectEntityIDs(into ids: inout Set<String>) {
        switch self {
        case .value:
            break
        case .object(let fields):
            for child in fields.values { child.collectEntityIDs(into: &ids) }
        case .list(let items):
            for item in items { item.collectEntityIDs(into: &ids) }
        case .entity(let reference):
            ids.insert(reference.id)
            for child in reference.children.values { child.collectEntityIDs(into: &ids) }
        }
    }

    /// Rebuilds the JSON `data`, taking entity fields from `records`; a field a record no longer has comes back as `null`.
    func denormalized(_ records: [String: EntityRecord]) -> JSONValue {
        switch self {
        case .value(let value):
            return value
        case .object(let fields):
            return .object(fields.mapValues { $0.denormalized(records) })
        case .list(let items):
            return .array(items.map { $0.denormalized(records) })
        case .entity(let reference):
            let record = records[reference.id]
            var members = reference.children.mapValues { $0.denormalized(records) }
            for key in reference.fields where members[key] == nil { members[key] = record?.fields[key] ?? .null }
            return .object(members)
        }
    }

    /// Roughly the bytes this node takes when stored (entity fields are counted with their record).
    var estimatedSize: Int {
        switch self {
        case .value(let value):
            return value.estimatedSize
        case .object(let fields):
            return fields.reduce(2) { $0 + $1.key.utf8.count + 4 + $1.value.estimatedSize }
        case .list(let items):
            return items.reduce(2) { $0 + 1 + $1.estimatedSize }
        case .entity(let reference):
            let keys = reference.fields.reduce(0) { $0 + $1.utf8.count + 3 }
            let children = reference.children.reduce(0) { $0 + $1.key.utf8.count + 4 + $1.value.estimatedSize }
            return 16 + reference.id.utf8.count + keys + children
        }
    }
}

/// A query's reference to a shared entity: the record fields it selected, and its object-valued fields (kept in the query's tree).
struct EntityReference: Equatable, Sendable {
    let id: String
    let fields: [String]
    let children: [String: ResultNode]
}

// A compact, tagged form for the cache file: {"v": json}, {"o": {...}}, {"l": [...]}, {"e": id, "f": [keys], "c": {...}}.
extension ResultNode: Codable {
    private enum CodingKeys: String, CodingKey {
        case value = "v", object = "o", list = "l", entity = "e", fields = "f", children = "c"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.value) {
            // Checked with `contains`: `decodeIfPresent` would read a stored `null` as absent.
            self = .value(try container.decode(JSONValue.self, forKey: .value))
        } else if let fields = try container.decodeIfPresent([String: ResultNode].self, forKey: .object) {
            self = .object(fields)
        } else if let items = try container.decodeIfPresent([ResultNode].self, forKey: .list) {
            self = .list(items)
        } else {
            self = .entity(EntityReference(
                id: try container.decode(String.self, forKey: .entity),
                fields: try container.decode([String].self, forKey: .fields),
                children: try container.decode([String: ResultNode].self, forKey: .children)))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .value(let value):
            try container.encode(value, forKey: .value)
        case .object(let fields):
            try container.encode(fields, forKey: .object)
        case .list(let items):
            try container.encode(items, forKey: .list)
        case .entity(let reference):
            try container.encode(reference.id, forKey: .entity)
            try container.encode(reference.fields, forKey: .fields)
            try container.encode(reference.children, forKey: .children)
        }
    }
}

extension JSONValue {
    // Both walk with a stack of values still to see, not by recursion: a value may nest 512
    // levels, and they run on threads of Swift concurrency (512 KB of stack on Apple platforms).

    /// Roughly the bytes of this value as JSON.
    var estimatedSize: Int {
        var size = 0
        var pending = [self]
        while let value = pending.popLast() {
            switch value {
            case .null: size += 4
            case .bool: size += 5
            case .int, .double: size += 10
            case .string(let text): size += text.utf8.count + 2
            case .array(let items):
                size += 2 + items.count
                pending.append(contentsOf: items)
            case .object(let members):
                size += 2
                for (key, member) in members {
                    size += key.utf8.count + 4
                    pending.append(member)
                }
            }
        }
        return size
    }

    /// `true` when the value contains no object at any depth.
    var holdsNoObject: Bool {
        // Scalars, nearly every member, answer without an allocation.
        if case .object = self { return false }
        guard case .array(let items) = self else { return true }
        var pending = items
        while let value = pending.popLast() {
            switch value {
            case .object: return false
            case .array(let items): pending.append(contentsOf: items)
            default: break
            }
        }
        return true
    }
}
