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
    /// Bytes from `malloc`, grown with `realloc`: a large buffer (the README of 1,000 tables is
    /// 2.4 MB) then moves by remapping its pages or grows in place, instead of living twice while
    /// it is copied, which set the peak memory of a run.
    private final class Storage {
        var bytes: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            guard let bytes = malloc(self.capacity) else { fatalError("out of memory (\(self.capacity) bytes)") }
            self.bytes = bytes.assumingMemoryBound(to: UInt8.self)
        }

        func grow(toHold needed: Int) {
            let newCapacity = max(needed, 2 * capacity)
            guard let moved = realloc(bytes, newCapacity) else { fatalError("out of memory (\(newCapacity) bytes)") }
            bytes = moved.assumingMemoryBound(to: UInt8.self)
            capacity = newCapacity
        }

        func copy() -> Storage {
            let copy = Storage(capacity: count)
            memcpy(copy.bytes, bytes, count)
            copy.count = count
            return copy
        }

        deinit { free(bytes) }
    }

    private var storage = Storage(capacity: 4096)

    var count: Int { storage.count }
    var last: UInt8? { storage.count == 0 ? nil : storage.bytes[storage.count - 1] }

    /// Writes `length` bytes with `fill`, given where they go, into storage this value alone holds.
    @inline(__always)
    private mutating func write(_ length: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let storage = storage
        if storage.count + length > storage.capacity { storage.grow(toHold: storage.count + length) }
        fill(storage.bytes + storage.count)
        storage.count += length
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
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.bytes, count: storage.count)) }
    }
}
