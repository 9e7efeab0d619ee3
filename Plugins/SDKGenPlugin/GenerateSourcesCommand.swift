#if compiler(>=6.0)
import Foundation
import PackagePlugin

/// The build command that runs `sdkgen generate --sources-only` for one target.
enum GenerateSourcesCommand {
    /// What `generate --sources-only` writes: always this one Swift file (`SwiftEmitter.sourcesFileName`).
    static let outputFileName = "DataConnectGenerated.swift"

    static func command(_ configuration: PluginConfiguration, module: String, tool: URL, workDirectory: URL) -> Command {
        let output = workDirectory.appendingPathComponent("DataConnect", isDirectory: true)
        let projectFiles = configuration.project.map(ProjectInputs.files(in:)) ?? []
        return .buildCommand(
            displayName: "sdkgen: Data Connect sources of \(module)",
            executable: tool,
            arguments: ["generate", "--config", configuration.file.path, "--sources-only", output.path, "--module", module],
            inputFiles: [configuration.file] + projectFiles,
            outputFiles: [output.appendingPathComponent(outputFileName)])
    }

    /// An Xcode target's product name as its module name, as Xcode derives `PRODUCT_MODULE_NAME`:
    /// characters other than letters, digits and `_` become `_`, and a leading digit gets a `_` before it.
    static func moduleName(_ name: String) -> String {
        let characters = name.unicodeScalars.map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_") ? Character(scalar) : "_"
        }
        let module = String(characters)
        return module.first.map { $0.isNumber } == true ? "_" + module : module
    }
}
#endif
