import Foundation
import Schema

/// A deterministic synthetic Data Connect project for the benchmarks: `tables` @table types
/// (every scalar type, enums, references, composite-key join tables) and `operationsPerTable`
/// operations per table (see `SyntheticOperations`).
///
/// Every sixth table is a join table keyed by references to the two regular tables before it, so
/// `_via_` fields exist only where Data Connect synthesizes them.
struct SyntheticProject {
    /// One file of the project, relative to the project folder.
    struct File {
        var path: String
        var text: String
    }

    let tables: [SyntheticTable]
    let enums: [(name: String, values: [String])]
    let operationsPerTable: Int
    /// A checkout of sdkgen whose `SDKGenDataConnect` the generated package builds against
    /// (`sdkgenRuntime: {path:}`); nil keeps Firebase's runtime, as Firebase's generator writes it.
    var runtimePath: String?

    init(tables count: Int, operationsPerTable: Int) {
        self.operationsPerTable = operationsPerTable
        let enumWords = ["Status", "Priority", "Visibility", "Tier", "Level", "Channel", "Region", "Stage"]
        let enumValues = ["ACTIVE", "PAUSED", "PENDING", "ARCHIVED", "DRAFT"]
        enums = (0..<max(2, count / 8)).map { index in
            let noun = Self.nouns[index % Self.nouns.count]
            let word = enumWords[index % enumWords.count]
            // Noun and word pairs repeat every 120 enums (60 nouns, 8 words).
            let round = index / 120
            return (noun + word + (round > 0 ? "\(round + 1)" : ""), Array(enumValues.prefix(3 + index % 3)))
        }
        var tables: [SyntheticTable] = []
        var regular: [Int] = []
        for index in 0..<count {
            let round = index / Self.nouns.count
            let noun = Self.nouns[index % Self.nouns.count] + (round > 0 ? "\(round + 1)" : "")
            if index % 6 == 5, regular.count >= 2 {
                let first = tables[regular[regular.count - 2]], second = tables[regular[regular.count - 1]]
                tables.append(SyntheticTable(name: first.name + second.name, index: index,
                                             joins: (first.index, second.index)))
            } else {
                var table = SyntheticTable(name: noun, index: index, joins: nil)
                table.enumName = enums[index % enums.count].name
                if let previous = regular.last {
                    table.references.append(SyntheticReference(field: tables[previous].singular, target: previous, required: index % 2 == 0))
                }
                if index % 3 == 0, let root = regular.first {
                    table.references.append(SyntheticReference(field: "owner", target: root, required: false))
                }
                regular.append(index)
                tables.append(table)
            }
        }
        // Reverse relations, in the order the schema declares their sources.
        for table in tables {
            for reference in table.references {
                tables[reference.target].children.append((table.index, reference.field))
            }
            if let (first, second) = table.joins {
                tables[first].vias.append((table.index, second))
                tables[second].vias.append((table.index, first))
            }
        }
        self.tables = tables
    }

    /// Table names; none is reserved (`Query`, `Mutation`, `Subscription`) and none ends in `V`
    /// followed by digits, which repeated operation names use.
    static let nouns = [
        "Movie", "Actor", "Review", "User", "Account", "Order", "Product", "Invoice", "Payment", "Shipment",
        "Customer", "Vendor", "Warehouse", "Item", "Ticket", "Comment", "Post", "Tag", "Project", "Task",
        "Team", "Member", "Event", "Venue", "Booking", "Room", "Hotel", "Flight", "Airport", "Driver",
        "Vehicle", "Trip", "Route", "Station", "Device", "Sensor", "Reading", "Alert", "Report", "Document",
        "Folder", "Message", "Thread", "Channel", "Playlist", "Song", "Album", "Artist", "Course", "Lesson",
        "Student", "Teacher", "Grade", "Exam", "Recipe", "Ingredient", "Restaurant", "Menu", "Coupon", "Campaign",
    ]

    /// dataconnect.yaml, the schema, one connector with queries and mutations.
    var files: [File] {
        let operations = SyntheticOperations(project: self)
        return [
            File(path: "dataconnect.yaml", text: """
                specVersion: "v1"
                serviceId: "bench"
                location: "us-central1"
                schema:
                  source: "./schema"
                  datasource:
                    postgresql:
                      database: "bench"
                connectorDirs: ["./connector"]

                """),
            File(path: "schema/schema.gql", text: schema),
            File(path: "connector/connector.yaml", text: """
                connectorId: "bench"
                generate:
                  swiftSdk:
                    outputDir: "../generated"
                    package: "BenchConnector"
                \(runtimePath.map { "    sdkgenRuntime:\n      path: \"\($0)\"\n" } ?? "")
                """),
            File(path: "connector/queries.gql", text: operations.queries),
            File(path: "connector/mutations.gql", text: operations.mutations),
        ]
    }

    /// The GraphQL schema text.
    var schema: String {
        var text = ""
        for (name, values) in enums {
            text += "enum \(name) {\n" + values.map { "  \($0)\n" }.joined() + "}\n\n"
        }
        for table in tables {
            if let (first, second) = table.joins {
                let a = tables[first], b = tables[second]
                text += """
                    # Links \(a.name) and \(b.name); its key is both references.
                    type \(table.name) @table(key: ["\(a.singular)", "\(b.singular)"]) {
                      \(a.singular): \(a.name)!
                      \(b.singular): \(b.name)!
                      role: String
                      position: Int
                      addedAt: Timestamp! @default(expr: "request.time")
                    }


                    """
                continue
            }
            text += """
                \"\"\"A \(table.singular) row.\"\"\"
                type \(table.name) @table {
                  title: String!
                  description: String
                  rating: Int
                  viewCount: Int64 @default(value: 0)
                  score: Float
                  isActive: Boolean! @default(value: true)
                  externalId: UUID
                  releaseDate: Date
                  createdAt: Timestamp! @default(expr: "request.time")
                  metadata: Any
                  tags: [String]
                  status: \(table.enumName)

                """
            for reference in table.references {
                text += "  \(reference.field): \(tables[reference.target].name)\(reference.required ? "!" : "")\n"
            }
            text += "}\n\n"
        }
        return text
    }

    /// Writes the project into `directory`, creating folders as needed.
    func write(to directory: String) throws {
        for file in files {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url)
        }
    }
}

/// One table of a `SyntheticProject`.
struct SyntheticTable {
    let name: String
    let index: Int
    /// The two tables a join table links, by index; nil for a regular table.
    let joins: (Int, Int)?
    var enumName = ""
    var references: [SyntheticReference] = []
    /// Tables referring to this one: (table index, reference field), giving `<plural>_on_<field>`.
    var children: [(table: Int, field: String)] = []
    /// Join tables linking this one to another: (join index, other index), giving `<plural>_via_<Join>`.
    var vias: [(join: Int, other: Int)] = []

    init(name: String, index: Int, joins: (Int, Int)?) {
        self.name = name
        self.index = index
        self.joins = joins
    }

    var singular: String { EntityNaming.singular(typeName: name) }
    var plural: String { EntityNaming.plural(singular: singular) }
}

/// A reference field of a regular table.
struct SyntheticReference {
    let field: String
    let target: Int
    let required: Bool
}
