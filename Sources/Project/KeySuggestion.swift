/// "Did you mean" suggestions for misspelt configuration keys and values.
enum KeySuggestion {
    /// The candidate closest to `word`, when it is close enough to be a likely typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let other = candidate.lowercased()
            var distance = editDistance(Array(lowered.unicodeScalars), Array(other.unicodeScalars))
            // `dart` for `dartSdk`: a prefix is a likely abbreviation.
            if lowered.count >= 3, other.hasPrefix(lowered) { distance = min(distance, 1) }
            let limit = max(2, candidate.count / 3)
            guard distance <= limit else { continue }
            if let found = best, found.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// Levenshtein distance.
    static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Int {
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        var current = previous
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
