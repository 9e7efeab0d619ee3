/// Data Connect's naming rules for generated fields (docs/schema.md, "How synthesis works").
public enum EntityNaming {
    /// `AIQuery` → `aIQuery`: only the first character changes.
    public static func lowerFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// `id` → `Id`: only the first character changes.
    public static func upperFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// The singular of type `name`: `custom` verbatim, else `lowerFirst(name)`.
    public static func singular(typeName name: String, custom: String? = nil) -> String {
        custom ?? lowerFirst(name)
    }

    /// The plural: `custom` verbatim, else the English plural of `singular`; a word the rules leave
    /// unchanged (`research`, `games`) gets a plain `s` so that singular and plural always differ.
    public static func plural(singular: String, custom: String? = nil) -> String {
        if let custom { return custom }
        let plural = Pluralizer.plural(singular)
        return plural == singular ? singular + "s" : plural
    }

    /// Default foreign-key field name: `movie` + `id` → `movieId`.
    public static func foreignKey(field: String, targetField: String) -> String {
        field + upperFirst(targetField)
    }
}
