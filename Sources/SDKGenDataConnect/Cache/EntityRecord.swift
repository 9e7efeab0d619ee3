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

    /// Merges `incoming` written by a request stamped `stamp`: whether a value changed, whether a newer one was kept.
    mutating func merge(_ incoming: [String: JSONValue], stamp: QueryStamp) -> (changed: Bool, keptNewer: Bool) {
        let newer = stamp > self.stamp
        var (changed, keptNewer) = (false, false)
        for (key, value) in incoming {
            let current = fields[key]
            if current == value { continue }
            if current == nil || newer {
                fields[key] = value
                changed = true
            } else {
                keptNewer = true
            }
        }
        if newer { self.stamp = stamp }
        return (changed, keptNewer)
    }
}
