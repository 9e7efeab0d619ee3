import Foundation

/// The shared fields of one entity (a row the service identified with an `entityId`):
/// its scalar and scalar-list fields, merged from every result that contained it.
struct EntityRecord: Codable, Equatable, Sendable {
    var fields: [String: JSONValue]
    /// The request stamp of the newest result that wrote a field; an older result may
    /// add fields but not overwrite them. Not stored on disk (stamps restart with the process).
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
