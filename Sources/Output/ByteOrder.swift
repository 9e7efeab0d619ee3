#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UTF-8 byte order for paths: independent of locale and Unicode version, so manifests, reports
/// and folder lists come out the same everywhere.
enum ByteOrder {
    /// `items` sorted by `key`, ties kept in their order (Swift's sort is stable).
    ///
    /// Every key's bytes are copied once into one buffer and the sort compares them with `memcmp`:
    /// packages have a file per operation, and comparing `String`s one pair at a time cost over a
    /// thousand instructions a comparison.
    static func sorted<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
        var storage: [UInt8] = []
        var spans: [Range<Int>] = []
        spans.reserveCapacity(items.count)
        for item in items {
            var text = key(item)
            let start = storage.count
            text.withUTF8 { storage.append(contentsOf: $0) }
            spans.append(start..<storage.count)
        }
        let order = storage.withUnsafeBufferPointer { bytes in
            Array(items.indices).sorted { left, right in
                let lhs = UnsafeBufferPointer(rebasing: bytes[spans[left]])
                let rhs = UnsafeBufferPointer(rebasing: bytes[spans[right]])
                return precedes(lhs, rhs)
            }
        }
        return order.map { items[$0] }
    }

    /// `strings` in byte order.
    static func sorted<Strings: Sequence<String>>(_ strings: Strings) -> [String] {
        sorted(Array(strings), by: { $0 })
    }

    private static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(left.count, right.count)
        let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
        return order != 0 ? order < 0 : left.count < right.count
    }
}
