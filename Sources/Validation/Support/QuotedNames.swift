/// Lists of names in messages.
enum QuotedNames {
    /// `"A", "B", "C"`, or the first `limit` names and `and N more`.
    static func list(_ names: some Collection<String>, atMost limit: Int) -> String {
        let shown = names.prefix(limit).map { "\"\($0)\"" }.joined(separator: ", ")
        return names.count > limit ? shown + " and \(names.count - limit) more" : shown
    }
}
