/// Splits a CEL condition into tokens. Anything it does not know throws an `unsupported` failure.
struct CELLexer {
    enum Token: Equatable {
        case identifier(String)
        case int(Int64)
        case double(Double)
        case string(String)
        /// Operators and punctuation, e.g. `==`, `(`, `.`.
        case symbol(String)
    }

    private static let twoCharacterSymbols: Set<String> = ["==", "!=", "<=", ">=", "&&", "||"]
    private static let oneCharacterSymbols: Set<Character> = ["<", ">", "!", "(", ")", "[", "]", ".", ",", "-"]

    static func tokens(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var position = 0
        while position < characters.count {
            let character = characters[position]
            if character.isWhitespace {
                position += 1
            } else if character == "_" || character.isASCIILetter {
                var end = position
                while end < characters.count, characters[end] == "_" || characters[end].isASCIILetter || characters[end].isASCIIDigit {
                    end += 1
                }
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
                tokens.append(.string(try string(characters, from: &position)))
            } else if position + 1 < characters.count, Self.twoCharacterSymbols.contains(String(characters[position...position + 1])) {
                tokens.append(.symbol(String(characters[position...position + 1])))
                position += 2
            } else if Self.oneCharacterSymbols.contains(character) {
                tokens.append(.symbol(String(character)))
                position += 1
            } else {
                throw CELFailure.unsupported("character \"\(character)\"")
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
        if !isDouble, let value = Int64(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw CELFailure.unsupported("number \(text)") }
        return .double(value)
    }

    private static func string(_ characters: [Character], from position: inout Int) throws -> String {
        let quote = characters[position]
        if position + 2 < characters.count, characters[position + 1] == quote, characters[position + 2] == quote {
            throw CELFailure.unsupported("triple-quoted string")
        }
        var value = ""
        var index = position + 1
        while index < characters.count {
            let character = characters[index]
            if character == quote {
                position = index + 1
                return value
            }
            if character == "\n" { break }
            if character == "\\" {
                guard index + 1 < characters.count else { break }
                switch characters[index + 1] {
                case "\\": value.append("\\")
                case "'": value.append("'")
                case "\"": value.append("\"")
                case "`": value.append("`")
                case "?": value.append("?")
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                default: throw CELFailure.unsupported("escape \\\(characters[index + 1])")
                }
                index += 2
                continue
            }
            value.append(character)
            index += 1
        }
        throw CELFailure.unsupported("unterminated string")
    }
}

private extension Character {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
