#if compiler(>=6.0)
import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-dataconnect-sdk [options]`: runs
/// `sdkgen generate` (built from this package) in the package's folder with the options given,
/// so it writes every `swiftSdk` package to its configured output folder.
@main
struct SDKGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "sdkgen").url
        process.arguments = ["generate"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandFailure(status: process.terminationStatus)
        }
    }
}

/// sdkgen failed; it has printed why.
struct CommandFailure: Error, CustomStringConvertible {
    let status: Int32

    var description: String { "sdkgen generate failed (exit status \(status))" }
}
#else
#error("sdkgen's SwiftPM plugins need Swift 6.0 or newer")
#endif
