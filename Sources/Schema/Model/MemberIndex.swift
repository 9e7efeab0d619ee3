/// Where each member of a type is, by name: open addressing over 4-byte positions, confirmed against the
/// member the owner names (`nameAt`); a dictionary of names was a generated schema's largest table.
struct MemberIndex: Sendable {
    /// Which member list a position refers to.
    enum List: Int32, Sendable {
        case fields = 0, inputFields = 1, enumValues = 2
    }

    typealias NameAt = (List, Int) -> String

    /// `position << 2 | list` plus one; zero marks an empty slot. A power of two long, at most three quarters full.
    private var slots: [Int32] = []
    private var count = 0

    /// The member called `name`, if recorded.
    func find(_ name: String, nameAt: NameAt) -> (list: List, position: Int)? {
        guard !slots.isEmpty else { return nil }
        let value = slots[probe(name, nameAt)]
        return value == 0 ? nil : Self.decode(value)
    }

    /// Records the member at `position` of `list`; false (and no change) when `name` is taken.
    mutating func insert(_ name: String, list: List, position: Int, nameAt: NameAt) -> Bool {
        reserve(1, nameAt: nameAt)
        let slot = probe(name, nameAt)
        guard slots[slot] == 0 else { return false }
        slots[slot] = Int32(position) << 2 | list.rawValue + 1
        count += 1
        return true
    }

    /// Grows the table, if needed, to take `additional` more members.
    mutating func reserve(_ additional: Int, nameAt: NameAt) {
        guard (count + additional) * 4 > slots.count * 3 else { return }
        var size = 8
        while size * 3 < (count + additional) * 4 { size *= 2 }
        let old = slots
        slots = Array(repeating: 0, count: size)
        for value in old where value != 0 {
            let entry = Self.decode(value)
            var slot = nameAt(entry.list, entry.position).hashValue & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = value
        }
    }

    /// The slot holding `name`, or the empty slot where it would go.
    private func probe(_ name: String, _ nameAt: NameAt) -> Int {
        let mask = slots.count - 1
        var slot = name.hashValue & mask
        while slots[slot] != 0 {
            let entry = Self.decode(slots[slot])
            if nameAt(entry.list, entry.position) == name { return slot }
            slot = (slot + 1) & mask
        }
        return slot
    }

    private static func decode(_ value: Int32) -> (list: List, position: Int) {
        let raw = value - 1
        return (List(rawValue: raw & 3) ?? .fields, Int(raw >> 2))
    }
}
