/// English pluralization with the rules of the `pluralize` library, as Data Connect applies them.
enum Pluralizer {
    private static let irregularSingles: [String: String] = Dictionary(
        PluralRules.irregular.map { ($0.0.lowercased(), $0.1.lowercased()) }, uniquingKeysWith: { first, _ in first })
    private static let irregularPlurals: Set<String> = Set(PluralRules.irregular.map { $0.1.lowercased() })
    private static let uncountable: Set<String> = Set(PluralRules.uncountableWords)

    /// Plural rules, then the uncountable patterns (`$0` keeps the word), which trying from the end puts
    /// first, as in the library. A pattern outside `RulePattern`'s dialect is left out (a test checks).
    private static let rules: [(pattern: RulePattern, replacement: String)] =
        (PluralRules.plural + PluralRules.uncountablePatterns.map { ($0, "$0") }).compactMap { rule in
            RulePattern(rule.0).map { ($0, rule.1) }
        }

    /// For each ASCII scalar, the positions in `rules` (last first) of the rules whose match may end with it.
    private static let candidatesByFinal: [[Int]] = {
        var buckets = [[Int]](repeating: [], count: 128)
        for index in rules.indices.reversed() {
            let finals = rules[index].pattern.finals
            for value in 0..<128 where finals?.contains(Unicode.Scalar(UInt8(value))) ?? true { buckets[value].append(index) }
        }
        return buckets
    }()

    private static let everyRuleLastFirst = Array(rules.indices.reversed())

    /// The library's plural of `word`.
    static func plural(_ word: String) -> String {
        let token = word.lowercased()
        if irregularPlurals.contains(token) { return restoreCase(word, token) }
        if let plural = irregularSingles[token] { return restoreCase(word, plural) }
        if token.isEmpty || uncountable.contains(token) { return word }
        let scalars = Array(word.unicodeScalars)
        let folded = scalars.map(RulePattern.folded)
        let candidates = folded.last.flatMap { $0.isASCII ? candidatesByFinal[Int($0.value)] : nil } ?? everyRuleLastFirst
        for index in candidates {
            guard let match = rules[index].pattern.firstMatch(inFolded: folded) else { continue }
            let replaced = interpolate(rules[index].replacement, match: match, in: scalars)
            // An empty match takes its case from the character before it (`sEO` → `sEOS`).
            let caseRange = match.range.isEmpty && match.range.lowerBound > 0 ? match.range.lowerBound - 1..<match.range.lowerBound : match.range
            let restored = restoreCase(text(scalars[caseRange]), replaced)
            return text(scalars[..<match.range.lowerBound]) + restored + text(scalars[match.range.upperBound...])
        }
        return word
    }

    /// The scalars as a String, encoded in one pass (the generic append paths cost more than matching).
    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(unsafeUninitializedCapacity: scalars.count * 4) { buffer in
            var count = 0
            for scalar in scalars {
                UTF8.encode(scalar) { byte in
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }

    /// Replaces `$0`…`$9` (no rule uses more) with the match's groups; groups that did not take part become empty.
    private static func interpolate(_ template: String, match: RulePattern.Match, in scalars: [Unicode.Scalar]) -> String {
        var result = ""
        var characters = Array(template)[...]
        while let character = characters.popFirst() {
            guard character == "$", let next = characters.first, next.isASCII, let digit = next.wholeNumberValue else {
                result.append(character)
                continue
            }
            characters.removeFirst()
            if digit < match.groups.count, let range = match.groups[digit] { result += text(scalars[range]) }
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
