import Diagnostics
import Schema

/// graphql-js style "did you mean" endings for messages, and notes pointing at schema declarations.
enum DidYouMean {
    /// ` Did you mean <lead>"<sigil>name"?` for the closest candidate, or an empty string.
    static func suffix(_ word: String, in candidates: some Sequence<String>, lead: String = "", sigil: String = "") -> String {
        closest(word, in: candidates).map { " Did you mean \(lead)\"\(sigil)\($0)\"?" } ?? ""
    }

    /// The candidate `suffix` suggests, if any.
    static func closest(_ word: String, in candidates: some Sequence<String>) -> String? {
        // The edit distance is at least the difference in length, so skipping candidates further off than
        // `Suggestion`'s limit is free and keeps types with hundreds of fields cheap. Candidates are ASCII.
        let length = word.unicodeScalars.count
        let limit = max(1, length / 3)
        let plausible = candidates.filter { abs($0.utf8.count - length) <= limit }
        return Suggestion.closest(to: word, in: plausible)
    }

    /// A note pointing at where a schema element is declared, when it has a location.
    static func declarationNote(_ what: String, _ origin: Origin) -> [Diagnostic.Note] {
        guard let span = origin.source else { return [] }
        return [Diagnostic.Note("\(what) is declared here.", span: span)]
    }
}
