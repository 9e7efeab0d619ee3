import Foundation
import XCTest

/// A copy of `Fixtures/plugin-sample`, an app package that applies sdkgen's build-tool plugin, in
/// `.build/sdkgen-tests/plugin-sample` of this package, with its paths to this checkout made
/// absolute. Its build products survive between runs, like `PackageBuild`'s.
struct PluginSample {
    let folder: URL

    init() throws {
        folder = Fixture.packageRoot.appendingPathComponent(".build/sdkgen-tests/plugin-sample")
        let fixture = Fixture.packageRoot.appendingPathComponent("Fixtures/plugin-sample")
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: folder.path) {
            for entry in entries where entry != ".build" { try manager.removeItem(at: folder.appendingPathComponent(entry)) }
        }
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        for entry in try manager.contentsOfDirectory(atPath: fixture.path) where entry != ".build" {
            try manager.copyItem(at: fixture.appendingPathComponent(entry), to: folder.appendingPathComponent(entry))
        }
        let root = Fixture.packageRoot.path
        try replace(#"path: "../..""#, with: #"path: "\#(root)""#, in: "Package.swift")
        try replace("path: ../../../..", with: "path: \(root)", in: "dataconnect/connector/connector.yaml")
    }

    /// Runs `swift <subcommand>` on the sample; `arguments` follow `--package-path`, so that a plugin's own
    /// arguments come last.
    func swift(_ subcommand: String, _ arguments: [String] = []) throws -> (Int32, String) {
        try PackageBuild.run(["swift", subcommand, "--package-path", folder.path] + arguments)
    }

    /// Runs a product of the sample's debug build.
    func run(_ product: String) throws -> (Int32, String) {
        try PackageBuild.run([folder.appendingPathComponent(".build/debug/\(product)").path])
    }

    /// The files under `relative`, as paths relative to it, sorted.
    func files(under relative: String) -> [String] {
        let base = folder.appendingPathComponent(relative).path
        guard let walk = FileManager.default.enumerator(atPath: base) else { return [] }
        return walk.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    func write(_ relative: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(relative), atomically: true, encoding: .utf8)
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(relative))
    }

    private func replace(_ old: String, with new: String, in relative: String) throws {
        let url = folder.appendingPathComponent(relative)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard text.contains(old) else { throw PluginSampleChanged(message: "\(relative) no longer contains '\(old)'") }
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }
}

struct PluginSampleChanged: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
