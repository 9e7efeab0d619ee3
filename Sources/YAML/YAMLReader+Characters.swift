import Diagnostics

/// The characters a YAML stream may hold: UTF-8 text of YAML 1.2's printable set. Checked once,
/// before parsing, so that no scalar, key or comment can carry invalid bytes or control characters.
extension YAMLReader {
    /// Throws an error at the first byte that is not valid UTF-8 or starts a character outside
    /// the printable set (tab, line feed and carriage return are the only C0 controls allowed).
    func checkCharacters() throws {
        var offset = pos
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte >= 0x20, byte < 0x7F {
                offset += 1
                continue
            }
            guard let (scalar, length) = decodeScalar(at: offset) else {
                throw error("invalid UTF-8 byte 0x\(Self.hex(UInt32(byte), digits: 2)); configuration files must be UTF-8 text",
                            at: offset, length: 1)
            }
            guard Self.isPrintable(scalar) else {
                throw error("control character U+\(Self.hex(scalar, digits: 4)) is not allowed in a YAML file", at: offset, length: length)
            }
            offset += length
        }
    }

    /// YAML 1.2's `c-printable`.
    private static func isPrintable(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The scalar whose UTF-8 encoding starts at `offset` and its length; nil for a malformed,
    /// overlong or truncated sequence or an encoded surrogate.
    private func decodeScalar(at offset: Int) -> (UInt32, Int)? {
        let lead = bytes[offset]
        let (length, minimum): (Int, UInt32)
        switch lead {
        case ..<0x80: return (UInt32(lead), 1)
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        var scalar = UInt32(lead) & (0x7F >> UInt32(length))
        for continuation in bytes[(offset + 1)..<(offset + length)] {
            guard continuation & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(continuation & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return (scalar, length)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
