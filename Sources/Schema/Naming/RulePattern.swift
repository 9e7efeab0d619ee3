/// A case-insensitive regular expression in the plural rules' dialect: `(?i)`, then literals, `\x{hex}`, classes,
/// capturing and `(?:)` groups, alternation, `?`, `^`, `$` and `\b`. It matches as ICU does (leftmost match,
/// alternatives in order, greedy `?`); our own matcher spares each run ICU's start-up, which cost more than pluralizing.
struct RulePattern: Sendable {
    /// A match: the range of the whole match and of each capturing group (`groups[0]` is the whole
    /// match; nil when a group did not take part), as offsets into the word's Unicode scalars.
    struct Match: Equatable {
        var range: Range<Int>
        var groups: [Range<Int>?]
    }

    private indirect enum Node: Sendable {
        case scalar(Unicode.Scalar)
        case set([ClosedRange<UInt32>], negated: Bool)
        case group([[Node]], capture: Int?)
        case optional(Node)
        case start, end, wordBoundary
    }

    private let alternatives: [[Node]]
    private let groupCount: Int
    /// The longest text a match can cover: every construct of the dialect is bounded.
    private let maximumLength: Int
    /// The (folded) scalars a match can end with, to reject most rules before matching; nil when unknown.
    let finals: Set<Unicode.Scalar>?

    /// Compiles `pattern`; nil when it uses anything outside the dialect.
    init?(_ pattern: String) {
        var parser = Parser(Array(pattern.unicodeScalars))
        guard parser.skip("(?i)"), let alternatives = parser.alternation(), parser.isAtEnd else { return nil }
        self.alternatives = alternatives
        groupCount = parser.groupCount
        maximumLength = Self.maximumLength(alternatives)
        finals = Self.finals(alternatives)
    }

    /// The leftmost match in a word whose scalars are already `folded`.
    func firstMatch(inFolded word: [Unicode.Scalar]) -> Match? {
        if let finals, let last = word.last, !finals.contains(last) { return nil }
        let matcher = Matcher(input: word, groupCount: groupCount)
        for start in max(0, word.count - maximumLength)...word.count {
            if let end = matcher.match(alternatives, at: start) {
                var groups = matcher.captures
                groups[0] = start..<end
                return Match(range: start..<end, groups: groups)
            }
        }
        return nil
    }

    private static func maximumLength(_ alternatives: [[Node]]) -> Int {
        alternatives.map { $0.reduce(0) { $0 + maximumLength($1) } }.max() ?? 0
    }

    private static func maximumLength(_ node: Node) -> Int {
        switch node {
        case .scalar, .set: 1
        case .group(let alternatives, _): maximumLength(alternatives)
        case .optional(let element): maximumLength(element)
        case .start, .end, .wordBoundary: 0
        }
    }

    /// What the last scalar of a match can be, for patterns that end in `$`; nil for anything else.
    private static func finals(_ alternatives: [[Node]]) -> Set<Unicode.Scalar>? {
        var result: Set<Unicode.Scalar> = []
        for sequence in alternatives {
            guard case .end = sequence.last, let set = finals(sequence.dropLast()) else { return nil }
            result.formUnion(set)
        }
        return result
    }

    /// The scalars `nodes` can end with; nil when unknown or when they can consume nothing.
    private static func finals(_ nodes: ArraySlice<Node>) -> Set<Unicode.Scalar>? {
        guard let last = nodes.last else { return nil }
        switch last {
        case .scalar(let scalar):
            return [scalar]
        case .set(let ranges, let negated):
            guard !negated, ranges.reduce(0, { $0 + $1.count }) <= 64 else { return nil }
            return Set(ranges.joined().compactMap(Unicode.Scalar.init))
        case .group(let alternatives, _):
            var result: Set<Unicode.Scalar> = []
            for sequence in alternatives {
                guard let set = finals(sequence[...]) else { return nil }
                result.formUnion(set)
            }
            return result
        case .optional(let element):
            guard let own = finals([element][...]), let before = finals(nodes.dropLast()) else { return nil }
            return own.union(before)
        case .start, .end, .wordBoundary:
            return nil
        }
    }

    /// The simple lower-case form of `scalar`; scalars whose lower case is longer stay as they are,
    /// so that offsets into the folded word are offsets into the word.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return scalar.value >= 65 && scalar.value <= 90 ? Unicode.Scalar(scalar.value + 32)! : scalar
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }

    /// A backtracking matcher passing the rest of the match on as a continuation, so retries follow ICU's order.
    private final class Matcher {
        let input: [Unicode.Scalar]
        var captures: [Range<Int>?]

        init(input: [Unicode.Scalar], groupCount: Int) {
            self.input = input
            captures = Array(repeating: nil, count: groupCount)
        }

        /// The end of a match of `alternatives` that starts at `start` and ends the input.
        func match(_ alternatives: [[Node]], at start: Int) -> Int? {
            for index in captures.indices { captures[index] = nil }
            var end: Int?
            for sequence in alternatives where self.sequence(sequence, from: 0, at: start, then: { end = $0; return true }) {
                return end
            }
            return nil
        }

        private func sequence(_ nodes: [Node], from index: Int, at position: Int, then rest: (Int) -> Bool) -> Bool {
            guard index < nodes.count else { return rest(position) }
            return node(nodes[index], at: position) { sequence(nodes, from: index + 1, at: $0, then: rest) }
        }

        private func node(_ node: Node, at position: Int, then rest: (Int) -> Bool) -> Bool {
            switch node {
            case .scalar(let scalar):
                return position < input.count && input[position] == scalar && rest(position + 1)
            case .set(let ranges, let negated):
                return position < input.count && ranges.contains { $0.contains(input[position].value) } != negated && rest(position + 1)
            case .start:
                return position == 0 && rest(position)
            case .end:
                return position == input.count && rest(position)
            case .wordBoundary:
                let before = position > 0 && Self.isWord(input[position - 1])
                let after = position < input.count && Self.isWord(input[position])
                return before != after && rest(position)
            case .optional(let element):
                return self.node(element, at: position, then: rest) || rest(position)
            case .group(let alternatives, let capture):
                for sequence in alternatives {
                    let matched = self.sequence(sequence, from: 0, at: position) { end in
                        guard let capture else { return rest(end) }
                        let saved = captures[capture]
                        captures[capture] = position..<end
                        if rest(end) { return true }
                        captures[capture] = saved
                        return false
                    }
                    if matched { return true }
                }
                return false
            }
        }

        /// ICU's `\w`: letters, marks, decimal digits, connector punctuation and the joiners.
        private static func isWord(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.value == 0x200C || scalar.value == 0x200D { return true }
            let properties = scalar.properties
            if properties.isAlphabetic { return true }
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
            default: return false
            }
        }
    }

    private struct Parser {
        private let scalars: [Unicode.Scalar]
        private var position = 0
        private(set) var groupCount = 1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var isAtEnd: Bool { position == scalars.count }

        private var next: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        /// Consumes `text` when it comes next.
        mutating func skip(_ text: String) -> Bool {
            guard scalars[position...].starts(with: text.unicodeScalars) else { return false }
            position += text.unicodeScalars.count
            return true
        }

        mutating func alternation() -> [[Node]]? {
            var alternatives: [[Node]] = []
            repeat {
                guard let sequence = sequence() else { return nil }
                alternatives.append(sequence)
            } while skip("|")
            return alternatives
        }

        private mutating func sequence() -> [Node]? {
            var nodes: [Node] = []
            while let scalar = next, scalar != "|", scalar != ")" {
                guard var element = atom() else { return nil }
                if skip("?") { element = .optional(element) }
                nodes.append(element)
            }
            return nodes
        }

        private mutating func atom() -> Node? {
            if skip("(?:") { return group(capture: nil) }
            if skip("(") {
                let capture = groupCount
                groupCount += 1
                return group(capture: capture)
            }
            if skip("[") { return characterClass() }
            if skip("\\b") { return .wordBoundary }
            if skip("^") { return .start }
            if skip("$") { return .end }
            if let scalar = next, "*+{}.?".unicodeScalars.contains(scalar) { return nil }
            return literal().map { .scalar(RulePattern.folded($0)) }
        }

        private mutating func group(capture: Int?) -> Node? {
            guard let alternatives = alternation(), skip(")") else { return nil }
            return .group(alternatives, capture: capture)
        }

        private mutating func characterClass() -> Node? {
            let negated = skip("^")
            var ranges: [ClosedRange<UInt32>] = []
            while !skip("]") {
                guard let low = literal() else { return nil }
                var high = low
                if next == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    guard let end = literal(), end.value >= low.value else { return nil }
                    high = end
                }
                ranges.append(low.value...high.value)
                // Words are matched folded, so the class holds the folded range too, if in order (`[Z-a]` is not).
                let (foldedLow, foldedHigh) = (RulePattern.folded(low).value, RulePattern.folded(high).value)
                if foldedLow <= foldedHigh, foldedLow != low.value || foldedHigh != high.value {
                    ranges.append(foldedLow...foldedHigh)
                }
            }
            return .set(ranges, negated: negated)
        }

        /// One literal scalar: itself or a `\x{hex}` escape.
        private mutating func literal() -> Unicode.Scalar? {
            guard let scalar = next else { return nil }
            guard scalar == "\\" else {
                position += 1
                return scalar
            }
            guard skip("\\x{"), let close = scalars[position...].firstIndex(of: "}"),
                  let value = UInt32(String(String.UnicodeScalarView(scalars[position..<close])), radix: 16),
                  let escaped = Unicode.Scalar(value) else { return nil }
            position = close + 1
            return escaped
        }
    }
}
