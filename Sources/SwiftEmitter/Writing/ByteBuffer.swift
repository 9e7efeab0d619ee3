#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// A growable byte buffer with value semantics, for `SwiftWriter`'s output.
///
/// Appending a few bytes to an `[UInt8]` goes through the generic `append(contentsOf:)`, which
/// cost more than the copy itself: a generated package is written a few bytes at a time, a
/// million times over.
///
/// Sendable because storage is copied before it is changed whenever another value shares it, so a
/// value handed to another thread is never written through a copy.
struct ByteBuffer: @unchecked Sendable {
    /// The header holds the bytes in use and the capacity (asked of the allocator once, when
    /// the storage is made: `ManagedBuffer.capacity` asks it on every call).
    private typealias Storage = ManagedBuffer<(count: Int, capacity: Int), UInt8>

    private var storage = Self.makeStorage(capacity: 4096, copying: nil)

    var count: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.count } }
    var last: UInt8? {
        storage.withUnsafeMutablePointers { header, bytes in header.pointee.count == 0 ? nil : bytes[header.pointee.count - 1] }
    }

    private static func makeStorage(capacity: Int, copying old: Storage?) -> Storage {
        let count = old?.withUnsafeMutablePointerToHeader { $0.pointee.count } ?? 0
        let storage = Storage.create(minimumCapacity: max(capacity, count)) { (count, $0.capacity) }
        if let old {
            storage.withUnsafeMutablePointerToElements { target in
                old.withUnsafeMutablePointerToElements { source in target.initialize(from: source, count: count) }
            }
        }
        return storage
    }

    /// Writes `length` bytes with `fill`, given where they go, into storage this value alone holds.
    @inline(__always)
    private mutating func write(_ length: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Self.makeStorage(capacity: 0, copying: storage)
        }
        let fits = storage.withUnsafeMutablePointerToHeader { $0.pointee.count + length <= $0.pointee.capacity }
        if !fits {
            let needed = count + length
            storage = Self.makeStorage(capacity: max(needed, 2 * storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity }),
                                       copying: storage)
        }
        storage.withUnsafeMutablePointers { header, bytes in
            fill(bytes + header.pointee.count)
            header.pointee.count += length
        }
    }

    mutating func append(_ byte: UInt8) {
        write(1) { $0.pointee = byte }
    }

    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress, !source.isEmpty else { return }
        write(source.count) { memcpy($0, start, source.count) }
    }

    mutating func append(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// `count` copies of `byte`.
    mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        write(count) { memset($0, Int32(byte), count) }
    }

    /// Calls `body` with the bytes written so far.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { header, bytes in try body(UnsafeBufferPointer(start: bytes, count: header.pointee.count)) }
    }
}
