import Schema

/// The table a root field name refers to under Data Connect's naming (`movie_insert`, `movies`,
/// `movies_search`, `movies_embedding_similarity`), for messages about root fields that do not exist.
enum RootFieldTable {
    private static let mutationSuffixes = [
        "_insert", "_insertMany", "_upsert", "_upsertMany", "_update", "_updateMany", "_delete", "_deleteMany",
    ]

    /// The table `field` of `root` would belong to, if its singular is the default; nil off the naming.
    static func table(ofField field: String, on root: String) -> String? {
        let mutation = mutationSuffixes.first { field.hasSuffix($0) && field.count > $0.count }
        switch root {
        case Schema.mutationTypeName:
            return mutation.map { EntityNaming.upperFirst(String(field.dropLast($0.count))) }
        case Schema.queryTypeName where mutation == nil:
            var name = Substring(field)
            if name.hasSuffix("_search") {
                name = name.dropLast("_search".count)
            } else if name.hasSuffix("_similarity"), let column = name.dropLast("_similarity".count).lastIndex(of: "_") {
                name = name[..<column]
            }
            guard !name.isEmpty else { return nil }
            return EntityNaming.upperFirst(singular(ofPluralOrSingular: String(name)))
        default:
            return nil
        }
    }

    /// The singular whose regular English plural is `name`, else `name`; `-ies` is taken for the commoner
    /// `-y`: `categories` is undone right, `cookies` is not.
    private static func singular(ofPluralOrSingular name: String) -> String {
        let stems = [String(name.dropLast(3)) + "y", String(name.dropLast(2)), String(name.dropLast())]
        return stems.first { !$0.isEmpty && EntityNaming.plural(singular: $0) == name } ?? name
    }
}
