import Foundation

/// One cache: an app, a connector at an endpoint, and a user. Rows of one scope are never
/// visible in another.
struct CacheScope: Hashable, Sendable {
    let appName: String
    let projectID: String
    let connector: ConnectorConfig
    /// `host:port`, so emulator and production results stay apart.
    let endpoint: String
    /// From `UserIdentity.user(fromToken:)`.
    let user: String

    /// User and endpoint only (each push looks its store up): one instance's scopes share the rest.
    func hash(into hasher: inout Hasher) {
        hasher.combine(user)
        hasher.combine(endpoint)
    }

    /// The full identity, stored in the file and compared on load.
    var identity: String {
        [appName, projectID, connector.serviceId, connector.location, connector.connector, endpoint, user]
            .joined(separator: "\u{1F}")
    }

    /// The store's file name in the cache folder.
    var fileName: String {
        "cache-" + StableHash.hex(identity) + ".json"
    }
}
