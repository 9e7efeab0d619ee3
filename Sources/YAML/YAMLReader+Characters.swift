import Diagnostics

/// The characters a YAML stream may hold: UTF-8 text of YAML 1.2's printable set.
extension YAMLReader {
    /// Throws at the first byte that is not UTF-8 or not printable, so that no scalar, key or comment carries one.
    func checkCharacters() throws {
        var offset = pos
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte >= 0x20, byte < 0x7F {
                offset += 1
                continue
            }
            guard let (scalar, length) = UTF8Scalar.decode(bytes, at: offset) else {
                throw error("invalid UTF-8 byte 0x\(UTF8Scalar.hex(UInt32(byte), digits: 2)); configuration files must be UTF-8 text",
                            at: offset, length: 1)
            }
            guard Self.isPrintable(scalar) else {
                throw error("control character U+\(UTF8Scalar.hex(scalar, digits: 4)) is not allowed in a YAML file", at: offset, length: length)
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
}
