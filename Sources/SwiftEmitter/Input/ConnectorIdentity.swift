import Diagnostics
import IR

/// Which service and connector the generated package talks to, from the IR.
struct ConnectorIdentity: Sendable {
    /// `connectorId` of `connector.yaml`, verbatim (dashes allowed).
    var connectorId: String
    /// `serviceId` of `dataconnect.yaml`.
    var serviceId: String
    /// `location` of `dataconnect.yaml`, or `SwiftEmitter.defaultLocation` when it has none.
    var location: String
    /// Where `connectorId` was written, so that problems with the names it forms point there.
    var connectorIdSpan: SourceSpan?
}

extension ConnectorIdentity {
    init(_ connector: IRConnector, of ir: IR) {
        self.init(connectorId: connector.id, serviceId: ir.serviceId, location: ir.location ?? SwiftEmitter.defaultLocation,
                  connectorIdSpan: connector.idSpan)
    }
}
