/// Turning GraphQL names into Swift identifiers.
public enum SwiftIdentifier {
    /// Words that cannot be used as a plain identifier in a declaration or after a dot, so a
    /// GraphQL name spelled like one is wrapped in backticks (Firebase's output does not escape them).
    static let reservedWords: Set<String> = [
        // Declarations
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Members every type has, which a property of the same name would hide or clash with
        "Type", "Protocol",
        // The wildcard: a GraphQL name (`$_`, an alias, an enum value) but no Swift identifier
        "_",
    ]

    /// `name`, or `` `name` `` when it is a Swift keyword.
    public static func escaped(_ name: String) -> String {
        isReserved(name) ? "`" + name + "`" : name
    }

    /// Whether `name` is one of `reservedWords`.
    static func isReserved(_ name: String) -> Bool { reservedWords.contains(name) }

    /// `name` as an argument label: every keyword except `inout`, `var` and `let` may be written
    /// bare there, and Swift warns about needless backticks; a bare `_` would mean "no label".
    public static func argumentLabel(_ name: String) -> String {
        name == "inout" || name == "var" || name == "let" || name == "_" ? "`" + name + "`" : name
    }

    /// Whether `name` is a plain Swift identifier: ASCII letters, digits and `_`, not starting
    /// with a digit, and not `_` alone.
    public static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name != "_" else { return false }
        guard !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
    }
}
