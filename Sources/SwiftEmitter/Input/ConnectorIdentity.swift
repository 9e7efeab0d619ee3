import Diagnostics

/// Which service and connector the generated package talks to (from `dataconnect.yaml` and
/// `connector.yaml`).
public struct ConnectorIdentity: Hashable, Sendable {
    /// `connectorId` of `connector.yaml`, verbatim (dashes allowed).
    public var connectorId: String
    /// `serviceId` of `dataconnect.yaml`.
    public var serviceId: String
    /// `location` of `dataconnect.yaml`.
    public var location: String
    /// Where `connectorId` was written, so that problems with the names it forms point there; no
    /// part of the identity.
    public var connectorIdSpan: SourceSpan?

    public init(connectorId: String, serviceId: String, location: String, connectorIdSpan: SourceSpan? = nil) {
        self.connectorId = connectorId
        self.serviceId = serviceId
        self.location = location
        self.connectorIdSpan = connectorIdSpan
    }

    public static func == (lhs: ConnectorIdentity, rhs: ConnectorIdentity) -> Bool {
        (lhs.connectorId, lhs.serviceId, lhs.location) == (rhs.connectorId, rhs.serviceId, rhs.location)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(connectorId)
        hasher.combine(serviceId)
        hasher.combine(location)
    }
}
