import Diagnostics

/// The files of a new, minimal Data Connect project in Firebase's layout: `dataconnect.yaml`, a
/// schema with one table, and one connector with a query, a mutation and a `swiftSdk` entry.
public enum ProjectScaffold {
    /// The connector folder, relative to the project folder; named after the connector as Firebase's CLI does.
    public static func connectorFolder(_ connectorId: String) -> String { connectorId }

    /// Every file (path relative to the project folder, contents), `connector.yaml` with `entry` added.
    public static func files(serviceId: String, location: String, connectorId: String,
                             entry: SwiftSDKEntry) throws -> [(path: String, contents: String)] {
        let folder = connectorFolder(connectorId)
        let connectorFile = SourceFile(path: folder + "/connector.yaml", text: "connectorId: \(connectorId)\nauthMode: PUBLIC\n")
        let insertions = try ConnectorYAMLEditor.insertions(adding: entry, to: connectorFile)
        let connector = String(decoding: TextInsertion.apply(insertions, to: connectorFile.bytes), as: UTF8.self)
        return [
            ("dataconnect.yaml", dataConnectYAML(serviceId: serviceId, location: location, connectorFolder: folder)),
            ("schema/schema.gql", schema),
            (folder + "/queries.gql", queries),
            (folder + "/mutations.gql", mutations),
            (connectorFile.path, connector),
        ]
    }

    private static func dataConnectYAML(serviceId: String, location: String, connectorFolder: String) -> String {
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
