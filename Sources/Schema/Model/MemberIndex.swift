/// Where each member of a type is, by name: an open-addressing table of positions, probed by
/// the name's hash and confirmed against the member itself.
///
/// A slot is four bytes, where a dictionary entry held a copy of the name and its hash: generated
/// schemas have over a hundred thousand members, and the index was their largest table. The
/// owner answers "is this the member?" through closures, so the index holds no names at all.
struct MemberIndex: Sendable {
    /// Which member list a position refers to.
    enum List: Int32, Sendable {
        case fields = 0, inputFields = 1, enumValues = 2
    }

    enum Lookup {
        case found(List, position: Int)
        /// Not there; `slot` is where it goes (valid until the index changes).
        case vacant(slot: Int)
    }

    /// `position << 2 | list` plus one; zero marks an empty slot. A power of two long, at most
    /// three quarters full.
    private var slots: [Int32] = []
    private(set) var count = 0

    /// An empty index with room for `capacity` members.
    init(capacity: Int = 0) {
        guard capacity > 0 else { return }
        var size = 8
        while size * 3 < capacity * 4 { size *= 2 }
        slots = Array(repeating: 0, count: size)
    }

    /// Whether `additional` more members need a larger table first.
    func needsRoom(for additional: Int) -> Bool { (count + additional) * 4 > slots.count * 3 }

    /// Where `name` is, or where it would go; `matches` tells whether a recorded member is `name`.
    /// Call only when there is room for one more member.
    func lookup(_ name: String, matches: (List, Int) -> Bool) -> Lookup {
        let mask = slots.count - 1
        var slot = name.hashValue & mask
        while slots[slot] != 0 {
            let entry = Self.decode(slots[slot])
            if matches(entry.list, entry.position) { return .found(entry.list, position: entry.position) }
            slot = (slot + 1) & mask
        }
        return .vacant(slot: slot)
    }

    /// The member called `name`, if recorded.
    func find(_ name: String, matches: (List, Int) -> Bool) -> (list: List, position: Int)? {
        guard !slots.isEmpty, case .found(let list, let position) = lookup(name, matches: matches) else { return nil }
        return (list, position)
    }

    /// Records the member at `position` of `list` in the slot a `lookup` found vacant.
    mutating func fill(_ slot: Int, list: List, position: Int) {
        slots[slot] = Int32(position) << 2 | list.rawValue + 1
        count += 1
    }

    /// This index in a table with room for `capacity` members; `nameAt` names a recorded member.
    func resized(toHold capacity: Int, nameAt: (List, Int) -> String) -> MemberIndex {
        var resized = MemberIndex(capacity: max(capacity, 1))
        resized.count = count
        let mask = resized.slots.count - 1
        for value in slots where value != 0 {
            let entry = Self.decode(value)
            var slot = nameAt(entry.list, entry.position).hashValue & mask
            while resized.slots[slot] != 0 { slot = (slot + 1) & mask }
            resized.slots[slot] = value
        }
        return resized
    }

    private static func decode(_ value: Int32) -> (list: List, position: Int) {
        let raw = value - 1
        return (List(rawValue: raw & 3) ?? .fields, Int(raw >> 2))
    }
}
