/// The scalar and scalar-list fields of one entity (a row with an `entityId`), merged from every result that contained it.
struct EntityRecord: Codable, Equatable, Sendable {
    var fields: [String: JSONValue]
    /// The stamp of the newest result that wrote a field: older ones may add fields, not overwrite. Not on disk (stamps restart).
    var stamp: QueryStamp = .zero

    private enum CodingKeys: String, CodingKey {
        case fields
    }

    var estimatedSize: Int {
        fields.reduce(16) { $0 + $1.key.utf8.count + 4 + $1.value.estimatedSize }
    }

    /// Merges `incoming` written by a request stamped `stamp`; `true` when a value changed.
    mutating func merge(_ incoming: [String: JSONValue], stamp: QueryStamp) -> Bool {
        let newer = stamp > self.stamp
        var changed = false
        for (key, value) in incoming where fields[key] != value && (fields[key] == nil || newer) {
            fields[key] = value
            changed = true
        }
        if newer { self.stamp = stamp }
        return changed
    }
}
