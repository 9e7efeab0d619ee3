/// Which service and connector the generated package talks to (from `dataconnect.yaml` and
/// `connector.yaml`).
public struct ConnectorIdentity: Hashable, Sendable {
    /// `connectorId` of `connector.yaml`, verbatim (dashes allowed).
    public var connectorId: String
    /// `serviceId` of `dataconnect.yaml`.
    public var serviceId: String
    /// `location` of `dataconnect.yaml`.
    public var location: String

    public init(connectorId: String, serviceId: String, location: String) {
        self.connectorId = connectorId
        self.serviceId = serviceId
        self.location = location
    }
}
