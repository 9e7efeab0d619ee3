import Schema

/// The operations of a `SyntheticProject`: per table a get by key (with aliases, references,
/// `_on_` and `_via_` relations), a filtered and ordered list, an insert, an update and a delete by
/// key, repeated under fresh names when a table has more than five.
struct SyntheticOperations {
    private(set) var queries = ""
    private(set) var mutations = ""

    init(project: SyntheticProject) {
        for table in project.tables {
            for number in 0..<project.operationsPerTable {
                let suffix = number >= 5 ? "V\(number / 5)" : ""
                let text = table.joins == nil
                    ? Self.regular(table, kind: number % 5, suffix: suffix, tables: project.tables)
                    : Self.join(table, kind: number % 5, suffix: suffix, tables: project.tables)
                if number % 5 < 2 { queries += text } else { mutations += text }
            }
        }
    }

    private static func regular(_ table: SyntheticTable, kind: Int, suffix: String, tables: [SyntheticTable]) -> String {
        let name = table.name + suffix
        let one = table.singular, many = table.plural
        switch kind {
        case 0:
            var relations = ""
            for reference in table.references {
                relations += "\n    \(reference.field) { id title status }"
            }
            if let child = table.children.first {
                let source = tables[child.table]
                let fields = source.joins == nil ? "id title createdAt" : "role addedAt"
                let order = source.joins == nil ? "createdAt" : "addedAt"
                relations += "\n    latest: \(source.plural)_on_\(child.field)(orderBy: {\(order): DESC}, limit: 10) { \(fields) }"
            }
            if let via = table.vias.first {
                relations += "\n    \(tables[via.other].plural)_via_\(tables[via.join].name)(limit: 5) { id title }"
            }
            return """
                query Get\(name)($id: UUID!) @auth(level: PUBLIC) {
                  item: \(one)(id: $id) {
                    id title description rating viewCount score isActive externalId releaseDate createdAt metadata tags status\(relations)
                  }
                }


                """
        case 1:
            let parent = table.references.first.map { "\n    \($0.field) { id title }" } ?? ""
            return """
                query List\(EntityNaming.upperFirst(many))\(suffix)($status: \(table.enumName), $minRating: Int, $after: Timestamp, $limit: Int = 20) @auth(level: USER) {
                  \(many)(where: {status: {eq: $status}, rating: {ge: $minRating}, createdAt: {gt: $after}, title: {contains: "a"}}, orderBy: [{createdAt: DESC}, {title: ASC}], limit: $limit) {
                    id title score createdAt\(parent)
                  }
                }


                """
        case 2:
            var variables = "$title: String!, $rating: Int, $status: \(table.enumName), $metadata: Any, $releaseDate: Date"
            var data = "title: $title, rating: $rating, status: $status, metadata: $metadata, releaseDate: $releaseDate, isActive: true"
            for reference in table.references where reference.required {
                variables += ", $\(reference.field)Id: UUID!"
                data += ", \(reference.field)Id: $\(reference.field)Id"
            }
            return """
                mutation Create\(name)(\(variables)) @auth(level: USER) {
                  \(one)_insert(data: {\(data)})
                }


                """
        case 3:
            return """
                mutation Update\(name)($id: UUID!, $title: String, $score: Float, $tags: [String!]) @auth(level: USER) @transaction {
                  \(one)_update(id: $id, data: {title: $title, score: $score, tags: $tags, rating_update: {inc: 1}})
                  query { \(one)(id: $id) @check(expr: "this != null", message: "not found") { id } }
                }


                """
        default:
            return """
                mutation Delete\(name)($id: UUID!) @auth(level: USER) {
                  \(one)_delete(id: $id)
                }


                """
        }
    }

    private static func join(_ table: SyntheticTable, kind: Int, suffix: String, tables: [SyntheticTable]) -> String {
        guard let (firstIndex, secondIndex) = table.joins else { return "" }
        let first = tables[firstIndex], second = tables[secondIndex]
        let name = table.name + suffix
        let one = table.singular, many = table.plural
        let firstKey = first.singular + "Id", secondKey = second.singular + "Id"
        switch kind {
        case 0:
            return """
                query Get\(name)($\(firstKey): UUID!, $\(secondKey): UUID!) @auth(level: PUBLIC) {
                  \(one)(key: {\(firstKey): $\(firstKey), \(secondKey): $\(secondKey)}) {
                    role position addedAt
                    \(first.singular) { id title rating }
                    other: \(second.singular) { id title status }
                  }
                }


                """
        case 1:
            return """
                query List\(EntityNaming.upperFirst(many))\(suffix)($\(firstKey): UUID!, $limit: Int = 50) @auth(level: USER) {
                  \(many)(where: {\(firstKey): {eq: $\(firstKey)}}, orderBy: {addedAt: DESC}, limit: $limit) {
                    role position
                    \(second.singular) { id title }
                  }
                }


                """
        case 2:
            return """
                mutation Create\(name)($\(firstKey): UUID!, $\(secondKey): UUID!, $role: String) @auth(level: USER) {
                  \(one)_upsert(data: {\(firstKey): $\(firstKey), \(secondKey): $\(secondKey), role: $role, position: 0})
                }


                """
        case 3:
            return """
                mutation Update\(name)($key: \(table.name)_Key!, $role: String) @auth(level: USER) {
                  \(one)_update(key: $key, data: {role: $role, position_update: {inc: 1}})
                }


                """
        default:
            return """
                mutation Delete\(name)($key: \(table.name)_Key!) @auth(level: USER) {
                  \(one)_delete(key: $key)
                }


                """
        }
    }
}
