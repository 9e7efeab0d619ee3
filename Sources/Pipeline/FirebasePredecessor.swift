import Output
import SwiftEmitter

/// The package `firebase dataconnect:sdk:generate` writes for a connector (docs/migrating.md),
/// which sdkgen replaces when a project switches generators.
enum FirebasePredecessor {
    /// How messages name the generator.
    static let generator = "Firebase's generator"
    /// The sentence Firebase's README opens with.
    static let readmeOpening = "This Swift package contains the generated Swift code for the connector"
    /// Firebase's runtime, which its `Package.swift` depends on.
    static let runtimeRepository = "github.com/firebase/data-connect-ios-sdk"

    /// Its files for the connector `connectorId`: `Package.swift`, `README.md` and the three sources
    /// named after the connector. Other files beside them are the user's.
    static func package(connectorId: String) -> PredecessorPackage {
        let sources = "Sources/" + GeneratedNames.filePrefix(connectorId: connectorId)
        return PredecessorPackage(
            generator: generator,
            files: [
                "Package.swift": .containing(runtimeRepository),
                "README.md": .opening(readmeOpening),
                sources + "Client.swift": .any,
                sources + "Keys.swift": .any,
                sources + "Operations.swift": .any,
            ]
        )
    }
}
