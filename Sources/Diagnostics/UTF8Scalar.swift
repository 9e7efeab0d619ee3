/// One UTF-8 sequence at a time, for the readers that check their input byte by byte (the GraphQL
/// lexer, the YAML reader) and name the bad byte or character in their messages.
public enum UTF8Scalar {
    /// The Unicode scalar whose UTF-8 encoding starts at `offset` and its length in bytes; nil past
    /// the end and for an invalid, overlong or truncated sequence (including encoded surrogates).
    @inlinable
    public static func decode<Bytes: RandomAccessCollection>(_ bytes: Bytes, at offset: Int) -> (value: UInt32, length: Int)?
        where Bytes.Element == UInt8, Bytes.Index == Int {
        guard offset < bytes.endIndex else { return nil }
        let lead = bytes[offset]
        let (length, minimum): (Int, UInt32)
        switch lead {
        case ..<0x80: return (UInt32(lead), 1)
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: return nil
        }
        guard offset + length <= bytes.endIndex else { return nil }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for index in (offset + 1)..<(offset + length) {
            let byte = bytes[index]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
    }

    /// `value` in upper-case hexadecimal, padded with zeros to `digits` (`0x07` as `07`, U+1F600 as `1F600`).
    public static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
