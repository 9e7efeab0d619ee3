/// The camel-case conversions of `github.com/stoewer/go-strcase` v1.3.1, which Firebase's
/// generator uses for every derived Swift name (spec §3.1). ASCII only, like the original.
public enum CaseConversion {
    /// `friendly-flix` → `FriendlyFlix`, `GetUserByID` → `GetUserById`.
    public static func upperCamel(_ text: String) -> String { convert(text, upper: true) }

    /// `friendly-flix` → `friendlyFlix`, `CreateTestIdMutation` → `createTestIdMutation`.
    public static func lowerCamel(_ text: String) -> String { convert(text, upper: false) }

    private static func convert(_ text: String, upper: Bool) -> String {
        let scalars = trimmed(Array(text.unicodeScalars))
        var result = String.UnicodeScalarView()
        for (position, current) in zip(scalars.indices, scalars) where !isDelimiter(current) {
            // strcase passes 0 for a missing neighbour, which matches no character class.
            let previous = position > scalars.startIndex ? scalars[position - 1] : nil
            let next = position + 1 < scalars.endIndex ? scalars[position + 1] : nil
            if previous.map(isDelimiter) ?? upper {
                result.append(uppercased(current))
            } else if let previous, isLower(previous) {
                result.append(current)
            } else if let previous, isUpper(previous), isUpper(current), let next, isLower(next) {
                result.append(current)
            } else if let previous, isUpper(current), isDigit(previous) {
                result.append(current)
            } else {
                result.append(lowercased(current))
            }
        }
        return String(result)
    }

    /// Without leading and trailing white space, as Go's `strings.TrimSpace`.
    private static func trimmed(_ scalars: [Unicode.Scalar]) -> ArraySlice<Unicode.Scalar> {
        var slice = scalars[...]
        while let first = slice.first, first.properties.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.properties.isWhitespace { slice.removeLast() }
        return slice
    }

    private static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "_" || isSpace(scalar)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func uppercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        isLower(scalar) ? Unicode.Scalar(scalar.value - 32) ?? scalar : scalar
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        isUpper(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }
}
