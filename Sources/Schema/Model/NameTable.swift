import Diagnostics

/// A table from names to values in the order they were added, for lookups on hot paths.
///
/// Open addressing probed by `NameHash`: cheaper than a `Dictionary` keyed by `String`, which
/// runs SipHash over every key, and every stage looks types, fields and arguments up by name at
/// nearly every node it visits.
public struct NameTable<Value> {
    @usableFromInline var orderedNames: [String] = []
    @usableFromInline var orderedValues: [Value] = []
    /// Position plus one; zero marks an empty slot. A power of two long, at most three quarters full.
    @usableFromInline var slots: [Int32] = []

    @inlinable public init() {}

    /// The names, in the order they were added.
    @inlinable public var names: [String] { orderedNames }
    /// The values, in the order of `names`.
    @inlinable public var values: [Value] { orderedValues }
    @inlinable public var count: Int { orderedNames.count }
    @inlinable public var isEmpty: Bool { orderedNames.isEmpty }

    /// The position (in `names` and `values`) of `name`.
    @inlinable
    public func position(of name: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = NameHash.of(name) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if orderedNames[entry - 1] == name { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    @inlinable
    public subscript(name: String) -> Value? {
        guard let position = position(of: name) else { return nil }
        return orderedValues[position]
    }

    /// Adds `value` under `name`; false (and no change) when the name is taken.
    @inlinable @discardableResult
    public mutating func insert(_ value: Value, for name: String) -> Bool {
        if (orderedNames.count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var slot = NameHash.of(name) & mask
        while slots[slot] != 0 {
            if orderedNames[Int(slots[slot]) - 1] == name { return false }
            slot = (slot + 1) & mask
        }
        orderedNames.append(name)
        orderedValues.append(value)
        slots[slot] = Int32(orderedNames.count)
        return true
    }

    /// Changes the value of `name` in place; nil (and no call) when there is none.
    @inlinable
    public mutating func modify<Result>(_ name: String, _ body: (inout Value) -> Result) -> Result? {
        guard let position = position(of: name) else { return nil }
        return body(&orderedValues[position])
    }

    @usableFromInline
    mutating func grow() {
        var size = max(8, slots.count * 2)
        while size * 3 < (orderedNames.count + 1) * 4 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        let mask = size - 1
        for (position, name) in orderedNames.enumerated() {
            var slot = NameHash.of(name) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }
}

extension NameTable: Sendable where Value: Sendable {}

/// The hash of a name for `NameTable` and `MemberIndex`: the UTF-8 bytes taken eight at a time
/// (rotate, xor, multiply, as rustc's FxHash does), then mixed so that the low bits (the slot)
/// depend on all of them. Lookups confirm the name itself, so the hash only has to spread names.
public enum NameHash {
    @inlinable
    public static func of(_ name: String) -> Int {
        name.withUTF8Bytes(of)
    }

    @inlinable
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var digest = UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return mix(digest) }
        var index = 0
        while index + 8 <= bytes.count {
            digest = step(digest, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            index += 8
        }
        if index < bytes.count {
            // The last one to seven bytes, read four, two and one at a time.
            var rest = UnsafeRawPointer(base + index)
            var remaining = bytes.count - index
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            if remaining >= 4 {
                tail = UInt64(rest.loadUnaligned(as: UInt32.self))
                (rest, remaining, shift) = (rest + 4, remaining - 4, 32)
            }
            if remaining >= 2 {
                tail |= UInt64(rest.loadUnaligned(as: UInt16.self)) << shift
                (rest, remaining, shift) = (rest + 2, remaining - 2, shift + 16)
            }
            if remaining == 1 { tail |= UInt64(rest.load(as: UInt8.self)) << shift }
            digest = step(digest, tail)
        }
        return mix(digest)
    }

    @inlinable
    static func step(_ digest: UInt64, _ chunk: UInt64) -> UInt64 {
        ((digest << 5 | digest >> 59) ^ chunk) &* 0x517c_c1b7_2722_0a95
    }

    @inlinable
    static func mix(_ digest: UInt64) -> Int {
        let mixed = (digest ^ (digest >> 33)) &* 0xff51_afd7_ed55_8ccd
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 33))
    }
}
