/// Splits a CEL condition into tokens. Anything it does not know throws an `unsupported` failure.
struct CELLexer {
    enum Token: Equatable {
        case identifier(String)
        /// A number or a string.
        case literal(JSONValue)
        /// Operators and punctuation, e.g. `==`, `(`, `.`.
        case symbol(String)
    }

    private static let symbols: Set = ["==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "(", ")", "[", "]", ".", ",", "-"]
    /// What follows a backslash in a string, and the character it stands for.
    private static let escapes: [Character: Character] = [
        "\\": "\\", "'": "'", "\"": "\"", "`": "`", "?": "?", "n": "\n", "t": "\t", "r": "\r",
    ]

    static func tokens(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var position = 0
        while position < characters.count {
            let character = characters[position]
            if character.isWhitespace {
                position += 1
            } else if character == "_" || character.isASCIILetter {
                let end = characters[position...].firstIndex { !($0 == "_" || $0.isASCIILetter || $0.isASCIIDigit) } ?? characters.count
                let word = String(characters[position..<end])
                // CEL's string prefixes (raw, bytes) are outside the subset.
                if end < characters.count, characters[end] == "'" || characters[end] == "\"" {
                    throw CELFailure.unsupported("string prefix \(word)")
                }
                tokens.append(.identifier(word))
                position = end
            } else if character.isASCIIDigit {
                tokens.append(try number(characters, from: &position))
            } else if character == "'" || character == "\"" {
                tokens.append(.literal(.string(try string(characters, from: &position))))
            } else {
                let pair = String(characters[position..<min(position + 2, characters.count)])
                let symbol = Self.symbols.contains(pair) ? pair : String(character)
                guard Self.symbols.contains(symbol) else { throw CELFailure.unsupported("character \"\(character)\"") }
                tokens.append(.symbol(symbol))
                position += symbol.count
            }
        }
        return tokens
    }

    private static func number(_ characters: [Character], from position: inout Int) throws -> Token {
        var end = position
        var isDouble = false
        while end < characters.count {
            let character = characters[end]
            if character.isASCIIDigit {
                end += 1
            } else if character == ".", end + 1 < characters.count, characters[end + 1].isASCIIDigit, !isDouble {
                isDouble = true
                end += 1
            } else if character == "e" || character == "E" {
                isDouble = true
                end += 1
                if end < characters.count, characters[end] == "+" || characters[end] == "-" { end += 1 }
            } else {
                break
            }
        }
        if end < characters.count, characters[end].isASCIILetter {
            throw CELFailure.unsupported("number suffix or hexadecimal number")
        }
        let text = String(characters[position..<end])
        position = end
        if !isDouble, let value = Int64(text) { return .literal(.int(value)) }
        guard let value = Double(text), value.isFinite else { throw CELFailure.unsupported("number \(text)") }
        return .literal(.double(value))
    }

    private static func string(_ characters: [Character], from position: inout Int) throws -> String {
        let quote = characters[position]
        if characters[position...].starts(with: [quote, quote, quote]) { throw CELFailure.unsupported("triple-quoted string") }
        var value = ""
        var index = position + 1
        while index < characters.count, characters[index] != "\n" {
            let character = characters[index]
            if character == quote {
                position = index + 1
                return value
            }
            guard character == "\\" else {
                value.append(character)
                index += 1
                continue
            }
            guard index + 1 < characters.count else { break }
            guard let escaped = escapes[characters[index + 1]] else { throw CELFailure.unsupported("escape \\\(characters[index + 1])") }
            value.append(escaped)
            index += 2
        }
        throw CELFailure.unsupported("unterminated string")
    }
}

private extension Character {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
