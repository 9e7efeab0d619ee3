/// SHA-1 (FIPS 180-4), only for `Sec-WebSocket-Accept` (RFC 6455 §4.2.2): Foundation has no digest on Linux. Not for security.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        // Padding: 0x80, zeros up to 56 mod 64, the message length in bits as 8 big-endian bytes.
        let bitLength = UInt64(message.count) &* 8
        let bytes = message + [0x80] + [UInt8](repeating: 0, count: (119 - message.count % 64) % 64)
            + (0..<8).reversed().map { UInt8(truncatingIfNeeded: bitLength >> UInt64($0 * 8)) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            for i in 0..<16 { w[i] = bytes[(chunk + i * 4)..<(chunk + i * 4 + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
            for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch i {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
            }
            h = zip(h, [a, b, c, d, e]).map { $0 &+ $1 }
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
