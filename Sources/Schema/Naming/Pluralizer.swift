import Foundation

/// English pluralization with the rules of the `pluralize` library, as Data Connect applies them.
enum Pluralizer {
    private struct Rule: Sendable {
        let pattern: String
        let replacement: String
        /// Lower-case characters a match can end with; nil when any. Every rule is anchored at the
        /// end, so a word whose last character is not in the set cannot match and is skipped
        /// without running the (slow) regular expression.
        let finals: Set<Character>?
    }

    /// Compiles each rule's expression on first use: most words never reach most rules, and
    /// compiling all of them up front would dominate a single run.
    private final class CompiledRules: @unchecked Sendable {
        // Guarded by `lock`; NSRegularExpression itself is immutable and safe to share.
        private let lock = NSLock()
        private var expressions: [Int: NSRegularExpression] = [:]

        func expression(_ index: Int) -> NSRegularExpression? {
            lock.lock()
            defer { lock.unlock() }
            if let known = expressions[index] { return known }
            guard rules.indices.contains(index), let compiled = try? NSRegularExpression(pattern: rules[index].pattern) else { return nil }
            expressions[index] = compiled
            return compiled
        }
    }

    private static let irregularSingles: [String: String] = Dictionary(
        PluralRules.irregular.map { ($0.0.lowercased(), $0.1.lowercased()) }, uniquingKeysWith: { first, _ in first })
    private static let irregularPlurals: Set<String> = Set(PluralRules.irregular.map { $0.1.lowercased() })
    private static let uncountable: Set<String> = Set(PluralRules.uncountableWords)

    /// Plural rules followed by the uncountable patterns (replacement `$0` keeps the word), so
    /// trying them from the end gives the uncountable patterns priority, as in the library.
    private static let rules: [Rule] = (PluralRules.plural + PluralRules.uncountablePatterns.map { ($0, "$0") }).map {
        Rule(pattern: $0.0, replacement: $0.1, finals: FinalCharacters.of($0.0))
    }
    private static let compiled = CompiledRules()

    /// Number of rules whose expression compiles; a test checks that all do.
    static var compilableRuleCount: Int { rules.indices.filter { compiled.expression($0) != nil }.count }

    /// The library's plural of `word`.
    static func plural(_ word: String) -> String { plural(word, skippingImpossibleRules: true) }

    static func plural(_ word: String, skippingImpossibleRules: Bool) -> String {
        let token = word.lowercased()
        if irregularPlurals.contains(token) { return restoreCase(word, token) }
        if let plural = irregularSingles[token] { return restoreCase(word, plural) }
        if token.isEmpty || uncountable.contains(token) { return word }
        let text = word as NSString
        let whole = NSRange(location: 0, length: text.length)
        let last = word.last.map { Character($0.lowercased()) }
        for (position, rule) in rules.enumerated().reversed() {
            if skippingImpossibleRules {
                if let finals = rule.finals, let last, !finals.contains(last) { continue }
                // The two most general rules decide almost every word; done directly they save
                // a regular-expression run each (same results; the naming tests compare).
                if position == 1 {
                    if let scalar = word.unicodeScalars.last, !scalar.isASCII { return word }
                    continue
                }
                if position == 0 { return appendingS(word) }
            }
            guard let match = compiled.expression(position)?.firstMatch(in: word, range: whole) else { continue }
            let replaced = interpolate(rule.replacement, match: match, in: text)
            let matched = text.substring(with: match.range)
            // An empty match takes its case from the character before it (`sEO` → `sEOS`).
            let caseSource = matched.isEmpty && match.range.location > 0
                ? text.substring(with: NSRange(location: match.range.location - 1, length: 1)) : matched
            let restored = restoreCase(caseSource, replaced)
            return text.replacingCharacters(in: match.range, with: restored)
        }
        return word
    }

    /// The library's last-resort rule `s?$` → `s`: a final `s` stays, otherwise `s` is added in the
    /// case of the character before it (`sEO` → `sEOS`).
    private static func appendingS(_ word: String) -> String {
        guard let last = word.last else { return word }
        if last == "s" || last == "S" { return word }
        return word + (last.isUppercase ? "S" : "s")
    }

    /// Replaces `$0`…`$99` with the match's groups; groups that did not take part become empty.
    private static func interpolate(_ template: String, match: NSTextCheckingResult, in text: NSString) -> String {
        var result = ""
        var characters = Array(template)[...]
        while let character = characters.popFirst() {
            guard character == "$", let first = characters.first, first.isASCII, let digit = first.wholeNumberValue else {
                result.append(character)
                continue
            }
            characters.removeFirst()
            var group = digit
            if let second = characters.first, second.isASCII, let next = second.wholeNumberValue {
                characters.removeFirst()
                group = group * 10 + next
            }
            if group < match.numberOfRanges {
                let range = match.range(at: group)
                if range.location != NSNotFound { result += text.substring(with: range) }
            }
        }
        return result
    }

    /// Gives `token` the letter case of `word`.
    static func restoreCase(_ word: String, _ token: String) -> String {
        if word == token { return token }
        if word == word.lowercased() { return token.lowercased() }
        if word == word.uppercased() { return token.uppercased() }
        if let first = word.first, String(first) == String(first).uppercased(), let tokenFirst = token.first {
            return String(tokenFirst).uppercased() + token.dropFirst().lowercased()
        }
        return token.lowercased()
    }
}
