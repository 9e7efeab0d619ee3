/// Word-at-a-time skipping over "plain" bytes, for the loops that cross long runs of text
/// (block strings, strings, comments): eight bytes are tested at once for any byte the caller
/// must look at, and the byte-wise loop takes over only where one may be.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit set in each byte lane that may equal `byte`. False positives are possible
    /// above a real match, which is harmless here: it only ends the fast path early.
    @inline(__always)
    private static func lanes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits
    }

    /// The first offset at or after `start` whose 8-byte word may hold a non-ASCII byte or one of
    /// the `stops`; from there the caller goes byte by byte. Never past `buffer.count`.
    @inline(__always)
    static func skipPlain(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, stops: (UInt8, UInt8, UInt8, UInt8)
    ) -> Int {
        guard let base = buffer.baseAddress else { return start }
        var index = start
        while index + 8 <= buffer.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let special = (word & highBits) | lanes(word, equalTo: stops.0) | lanes(word, equalTo: stops.1)
                | lanes(word, equalTo: stops.2) | lanes(word, equalTo: stops.3)
            if special != 0 { return index }
            index += 8
        }
        return index
    }
}
