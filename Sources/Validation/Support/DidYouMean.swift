import Diagnostics
import Schema

/// graphql-js style "did you mean" endings for messages, and notes pointing at schema declarations.
enum DidYouMean {
    /// ` Did you mean <lead>"<sigil>name"?` for the closest candidate, or an empty string.
    static func suffix(_ word: String, in candidates: some Sequence<String>, lead: String = "", sigil: String = "") -> String {
        guard let match = Suggestion.closest(to: word, in: candidates) else { return "" }
        return " Did you mean \(lead)\"\(sigil)\(match)\"?"
    }

    /// A note pointing at where a schema element is declared, when it has a location.
    static func declarationNote(_ what: String, _ origin: Origin) -> [Diagnostic.Note] {
        guard let span = origin.source else { return [] }
        return [Diagnostic.Note("\(what) is declared here.", span: span)]
    }
}
