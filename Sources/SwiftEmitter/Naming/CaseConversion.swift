/// The camel-case conversions of `github.com/stoewer/go-strcase` v1.3.1, which Firebase's
/// generator uses for every derived Swift name (firebase-tools issue #9567). ASCII only, like the original.
public enum CaseConversion {
    /// `friendly-flix` → `FriendlyFlix`, `GetUserByID` → `GetUserById`.
    public static func upperCamel(_ text: String) -> String { convert(text, upper: true) }

    /// `friendly-flix` → `friendlyFlix`, `CreateTestIdMutation` → `createTestIdMutation`.
    public static func lowerCamel(_ text: String) -> String { convert(text, upper: false) }

    /// Works on UTF-8 bytes: the rules only classify ASCII, and every byte of a non-ASCII
    /// character falls in no class, exactly like the character itself.
    private static func convert(_ text: String, upper: Bool) -> String {
        let bytes = trimmed(text)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for position in bytes.indices where !isDelimiter(bytes[position]) {
            let current = bytes[position]
            // strcase passes 0 for a missing neighbour, which matches no character class.
            let previous: UInt8 = position > bytes.startIndex ? bytes[position - 1] : 0
            let next: UInt8 = position + 1 < bytes.endIndex ? bytes[position + 1] : 0
            if position == bytes.startIndex ? upper : isDelimiter(previous) {
                result.append(isLower(current) ? current - 32 : current)
            } else if isLower(previous) {
                result.append(current)
            } else if isUpper(previous), isUpper(current), isLower(next) {
                result.append(current)
            } else if isUpper(current), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(previous) {
                result.append(current)
            } else {
                result.append(isUpper(current) ? current + 32 : current)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The UTF-8 bytes without leading and trailing white space, as Go's `strings.TrimSpace`.
    private static func trimmed(_ text: String) -> ArraySlice<UInt8> {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 >= 0x80 }) else {
            var slice = bytes[...]
            while let first = slice.first, isWhitespace(first) { slice.removeFirst() }
            while let last = slice.last, isWhitespace(last) { slice.removeLast() }
            return slice
        }
        // Unicode white space (e.g. U+00A0) is trimmed too, which needs the scalars.
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return Array(String(scalars).utf8)[...]
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        // ASCII white space by Unicode's definition: tab, line feed, vertical tab, form feed, carriage return, space.
        (0x09...0x0D).contains(byte) || byte == 0x20
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
}
