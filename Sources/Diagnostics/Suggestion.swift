/// "Did you mean" suggestions for misspelled names (keys, fields, options, types).
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    ///
    /// Closeness is the optimal-string-alignment distance, case-insensitive, accepted up to a third of
    /// the word's length (at least 1), so `titel` finds `title` while `x` finds nothing in `[year]`.
    /// A word of three or more letters that starts a candidate counts as one edit away, since
    /// abbreviations (`kotlin` for `kotlinSdk`) are as common as typos.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        let target = Array(lowered.unicodeScalars)
        let limit = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = candidate.lowercased()
            var distance = editDistance(target, Array(other.unicodeScalars))
            if target.count >= 3, other.hasPrefix(lowered) { distance = min(distance, 1) }
            guard distance <= limit else { continue }
            // Ties go to the alphabetically first name so the suggestion does not depend on input order.
            if let current = best, (distance, candidate) >= (current.distance, current.name) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Levenshtein distance that also counts a swap of two neighbours as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow = [Int](repeating: 0, count: b.count + 1)
        var row = Array(0...b.count)
        var rowBefore = row
        for i in 1...a.count {
            swap(&previousRow, &rowBefore)
            swap(&rowBefore, &row)
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(rowBefore[j] + 1, row[j - 1] + 1, rowBefore[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousRow[j - 2] + 1)
                }
                row[j] = value
            }
        }
        return row[b.count]
    }
}
