import Foundation
import XCTest
@testable import SwiftEmitter

/// Builds the generated packages of every fixture against this repository's `SDKGenDataConnect`
/// together with app code that uses their API as an app written for Firebase's SDK would. One
/// `swift build` for all of them keeps the suite fast. Set `SDKGEN_SKIP_COMPILE_TEST=1` to skip.
final class GeneratedPackageCompileTests: XCTestCase {
    func testFixturePackagesCompileWithAppCode() throws {
        if ProcessInfo.processInfo.environment["SDKGEN_SKIP_COMPILE_TEST"] == "1" {
            throw XCTSkip("SDKGEN_SKIP_COMPILE_TEST=1")
        }
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("sdkgen-compile-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workspace)
        defer { if ProcessInfo.processInfo.environment["SDKGEN_KEEP"] == nil { try? FileManager.default.removeItem(at: workspace) } }

        var checks: [(package: String, code: String)] = []
        for fixture in Fixture.all {
            let (files, diagnostics, options) = try fixture.emit { options in
                options.runtime = .sdkgen(.path(Fixture.packageRoot.path))
                #if !canImport(Combine)
                // `QueryRefObservableObject` needs Combine, which Linux lacks.
                options.observablePublisher = .observableMacro
                #endif
            }
            XCTAssertEqual(diagnostics.map(\.description), [])
            for file in files {
                let url = workspace.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
            }
            checks.append((options.packageName, AppUsage.code[fixture.name] ?? ""))
        }
        try writeCheckPackage(checks, in: workspace.appendingPathComponent("Check"))

        var arguments = ["swift", "build", "--package-path", workspace.appendingPathComponent("Check").path,
                         "--scratch-path", workspace.appendingPathComponent(".build").path]
        #if compiler(>=6.0)
        // The packages declare tools 5.9 (Swift 5 mode); Swift 6 mode also proves them free of data-race errors.
        arguments += ["-Xswiftc", "-swift-version", "-Xswiftc", "6"]
        #endif
        let (status, output) = try run(arguments)
        XCTAssertEqual(status, 0, "generated packages do not compile:\n" + Self.errorLines(output))
        let generatedWarnings = output.components(separatedBy: "\n")
            .filter { $0.contains("warning:") && $0.contains(workspace.path) }
        XCTAssertEqual(generatedWarnings, [], "generated code or app code has warnings")
    }

    private func writeCheckPackage(_ checks: [(package: String, code: String)], in folder: URL) throws {
        let dependencies = checks.map { "        .package(path: \"../\($0.package)\")" }.joined(separator: ",\n")
        let targets = checks.map {
            "        .target(name: \"Check\($0.package)\", dependencies: [.product(name: \"\($0.package)\", package: \"\($0.package)\")])"
        }.joined(separator: ",\n")
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Check",
                platforms: [.iOS(.v17), .macOS(.v14), .watchOS(.v10), .tvOS(.v17)],
                dependencies: [
            \(dependencies)
                ],
                targets: [
            \(targets)
                ]
            )

            """
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for check in checks {
            let sources = folder.appendingPathComponent("Sources/Check\(check.package)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try check.code.write(to: sources.appendingPathComponent("Usage.swift"), atomically: true, encoding: .utf8)
        }
    }

    private func run(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Compiler errors and warnings with their source lines, or the whole output if there are none.
    private static func errorLines(_ output: String) -> String {
        let lines = output.components(separatedBy: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
        return lines.isEmpty ? output : lines.prefix(80).joined(separator: "\n")
    }
}
