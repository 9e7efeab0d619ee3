#if compiler(>=6.0)
import Foundation
import PackagePlugin

/// The build-tool plugin: generates the Swift sources of one Data Connect connector into the build
/// of the target that applies it, at every build whose project files changed.
///
/// The target names its project and connector in an `sdkgen.json` beside its sources
/// (`PluginConfiguration`). The plugin runs the `sdkgen` built from this package as a build command
/// (a prebuild command may not run a tool built from source), `generate --sources-only`, whose one
/// output file is known in advance, as a build command's outputs must be.
@main
struct SDKGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let configuration = try PluginConfiguration.find(in: target.sourceFiles.map(\.url), target: target.name)
        return [GenerateSourcesCommand.command(
            configuration, module: target.moduleName, tool: try context.tool(named: "sdkgen").url,
            workDirectory: context.pluginWorkDirectoryURL)]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension SDKGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let configuration = try PluginConfiguration.find(in: target.inputFiles.map(\.url), target: target.displayName)
        return [GenerateSourcesCommand.command(
            configuration, module: GenerateSourcesCommand.moduleName(target.product?.name ?? target.displayName),
            tool: try context.tool(named: "sdkgen").url, workDirectory: context.pluginWorkDirectoryURL)]
    }
}
#endif
#else
#error("sdkgen's SwiftPM plugins need Swift 6.0 or newer")
#endif
