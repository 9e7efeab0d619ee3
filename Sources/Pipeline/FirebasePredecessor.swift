import Output
import SwiftEmitter

/// The package `firebase dataconnect:sdk:generate` writes for a connector, which sdkgen replaces (docs/migrating.md).
enum FirebasePredecessor {
    /// Its files for `connectorId`: `Package.swift`, `README.md` and three sources; files beside them are the user's.
    static func package(connectorId: String) -> PredecessorPackage {
        let sources = "Sources/" + GeneratedNames.filePrefix(connectorId: connectorId)
        return PredecessorPackage(
            generator: "Firebase's generator",
            files: [
                // Its `Package.swift` depends on Firebase's runtime; its README opens with this sentence.
                "Package.swift": .containing("github.com/firebase/data-connect-ios-sdk"),
                "README.md": .opening("This Swift package contains the generated Swift code for the connector"),
                sources + "Client.swift": .any,
                sources + "Keys.swift": .any,
                sources + "Operations.swift": .any,
            ]
        )
    }
}
