/// Works out which characters can end a match of an end-anchored rule pattern, so the pluralizer
/// can skip rules cheaply. Handles the constructs the rule tables use and answers nil (any
/// character) for anything else, which is always safe.
enum FinalCharacters {
    static func of(_ pattern: String) -> Set<Character>? {
        var body = Substring(pattern)
        if body.hasPrefix("(?i)") { body = body.dropFirst(4) }
        if body.hasPrefix("^") { body = body.dropFirst() }
        guard body.hasSuffix("$") else { return nil }
        return finals(Array(body.dropLast()))
    }

    private static func finals(_ pattern: [Character]) -> Set<Character>? {
        guard let last = pattern.last else { return nil }
        switch last {
        case "?":
            // An optional last element: the match ends in it or in whatever precedes it.
            let element = Array(pattern.dropLast())
            guard let start = lastElementStart(element), start > 0,
                  let optional = finals(Array(element[start...])), let before = finals(Array(element[..<start])) else { return nil }
            return optional.union(before)
        case "*", "+", "}", ".":
            return nil
        case "]":
            guard let open = pattern.lastIndex(of: "[") else { return nil }
            return characterClass(Array(pattern[(open + 1)..<(pattern.count - 1)]))
        case ")":
            guard let open = matchingParenthesis(pattern) else { return nil }
            var inner = Array(pattern[(open + 1)..<(pattern.count - 1)])
            if inner.starts(with: ["?", ":"]) { inner.removeFirst(2) }
            var result: Set<Character> = []
            for alternative in topLevelAlternatives(inner) {
                guard let set = finals(alternative) else { return nil }
                result.formUnion(set)
            }
            return result
        default:
            if pattern.count >= 2, pattern[pattern.count - 2] == "\\" { return nil }
            return [Character(last.lowercased())]
        }
    }

    /// The letters of a simple class such as `aeiou` or `a-z`; nil for negated or escaped classes.
    private static func characterClass(_ content: [Character]) -> Set<Character>? {
        guard content.first != "^", !content.contains("\\") else { return nil }
        var result: Set<Character> = []
        var index = 0
        while index < content.count {
            if index + 2 < content.count, content[index + 1] == "-",
               let low = content[index].asciiValue, let high = content[index + 2].asciiValue, low <= high {
                for value in low...high { result.insert(Character(Unicode.Scalar(value).description.lowercased())) }
                index += 3
            } else {
                result.insert(Character(content[index].lowercased()))
                index += 1
            }
        }
        return result
    }

    /// Where the last element (a group, a class or one character) of `pattern` starts.
    private static func lastElementStart(_ pattern: [Character]) -> Int? {
        guard let last = pattern.last else { return nil }
        switch last {
        case ")": return matchingParenthesis(pattern)
        case "]": return pattern.lastIndex(of: "[")
        default: return pattern.count >= 2 && pattern[pattern.count - 2] == "\\" ? nil : pattern.count - 1
        }
    }

    private static func matchingParenthesis(_ pattern: [Character]) -> Int? {
        var depth = 0
        for index in stride(from: pattern.count - 1, through: 0, by: -1) {
            if index > 0, pattern[index - 1] == "\\" { continue }
            if pattern[index] == ")" { depth += 1 }
            if pattern[index] == "(" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    private static func topLevelAlternatives(_ pattern: [Character]) -> [[Character]] {
        var result: [[Character]] = [[]]
        var depth = 0
        for character in pattern {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == "|" && depth == 0 {
                result.append([])
            } else {
                result[result.count - 1].append(character)
            }
        }
        return result
    }
}
