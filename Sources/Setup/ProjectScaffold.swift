import Diagnostics

/// The files of a new, minimal Data Connect project in Firebase's layout: `dataconnect.yaml`, a
/// schema with one table, and one connector with a query, a mutation and a `swiftSdk` entry.
public struct ProjectScaffold: Sendable {
    public var serviceId: String
    public var location: String
    public var connectorId: String

    public init(serviceId: String, location: String, connectorId: String) {
        self.serviceId = serviceId
        self.location = location
        self.connectorId = connectorId
    }

    /// The connector folder, relative to the project folder; named after the connector as Firebase's CLI does.
    public var connectorFolder: String { connectorId }

    /// Every file (path relative to the project folder, contents), `connector.yaml` with `entry` added.
    public func files(entry: SwiftSDKEntry) throws -> [(path: String, contents: String)] {
        let connectorPath = connectorFolder + "/connector.yaml"
        let base = "connectorId: \(connectorId)\nauthMode: PUBLIC\n"
        let connectorFile = SourceFile(path: connectorPath, text: base)
        let insertions = try ConnectorYAMLEditor.insertions(adding: entry, to: connectorFile)
        let connector = String(decoding: TextInsertion.apply(insertions, to: connectorFile.bytes), as: UTF8.self)
        return [
            ("dataconnect.yaml", dataConnectYAML),
            ("schema/schema.gql", Self.schema),
            (connectorFolder + "/queries.gql", Self.queries),
            (connectorFolder + "/mutations.gql", Self.mutations),
            (connectorPath, connector),
        ]
    }

    private var dataConnectYAML: String {
        """
        specVersion: "v1"
        serviceId: "\(serviceId)"
        location: "\(location)"
        schema:
          source: "./schema"
          datasource:
            postgresql:
              database: "fdcdb"
              cloudSql:
                instanceId: "\(serviceId)-fdc"
        connectorDirs: ["./\(connectorFolder)"]

        """
    }

    private static let schema = """
        # One table. Data Connect adds the key field `id: UUID!`, the `note` and `notes` queries and
        # the `note_insert`, `note_update`, ... mutations.
        type Note @table {
          title: String!
          body: String
          createdAt: Timestamp! @default(expr: "request.time")
        }

        """

    private static let queries = """
        # Every note, newest first. PUBLIC lets anyone call it; see @auth in the Data Connect docs.
        query ListNotes @auth(level: PUBLIC) {
          notes(orderBy: [{createdAt: DESC}]) {
            id
            title
            body
            createdAt
          }
        }

        """

    private static let mutations = """
        mutation CreateNote($title: String!, $body: String) @auth(level: PUBLIC) {
          note_insert(data: {title: $title, body: $body})
        }

        """
}
