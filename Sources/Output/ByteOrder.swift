#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

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
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(items.count)
        for item in items {
            let start = storage.count
            key(item).withUTF8Bytes { storage.append(contentsOf: $0) }
            spans.append((start, storage.count - start))
        }
        let order = storage.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { spans in
                let base = bytes.baseAddress
                return Array(items.indices).sorted { left, right in
                    let (lhs, rhs) = (spans[left], spans[right])
                    let common = min(lhs.count, rhs.count)
                    let order = common == 0 ? 0 : memcmp(base! + lhs.start, base! + rhs.start, common)
                    return order != 0 ? order < 0 : lhs.count < rhs.count
                }
            }
        }
        return order.map { items[$0] }
    }

    /// `strings` in byte order.
    static func sorted<Strings: Sequence<String>>(_ strings: Strings) -> [String] {
        sorted(Array(strings), by: { $0 })
    }
}
