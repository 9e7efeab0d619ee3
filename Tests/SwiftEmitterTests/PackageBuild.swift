import Foundation
import XCTest
@testable import SwiftEmitter

/// A temporary folder of generated packages plus a `Check` package whose targets depend on them,
/// built with one `swift build`.
struct PackageBuild {
    let workspace: URL
    private var checks: [(package: String, code: String)] = []
    private var executables: [(name: String, packages: [String], files: [String: String])] = []

    /// The folder is `.build/sdkgen-tests/<name>` of this package: ignored by git, and its build
    /// products survive between runs so that only the generated code is compiled again.
    init(name: String) {
        workspace = Fixture.packageRoot.appendingPathComponent(".build/sdkgen-tests").appendingPathComponent(name)
        cleanUp()
    }

    /// Removes everything but the build products, unless `SDKGEN_KEEP` is set (to inspect a failure).
    func cleanUp() {
        guard ProcessInfo.processInfo.environment["SDKGEN_KEEP"] == nil,
              let entries = try? FileManager.default.contentsOfDirectory(atPath: workspace.path) else { return }
        for entry in entries where entry != ".build" {
            try? FileManager.default.removeItem(at: workspace.appendingPathComponent(entry))
        }
    }

    /// Writes a generated package and a check target for it that contains `code`.
    mutating func add(_ files: [GeneratedSwiftFile], package: String, code: String) throws {
        for file in files {
            let url = workspace.appendingPathComponent(package).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
        }
        checks.append((package, code))
    }

    /// Adds an executable target named `name` that depends on `packages`, made of `files` (file
    /// name to source; one must be `main.swift`); `run(_:)` starts it after the build.
    mutating func addExecutable(_ name: String, packages: [String], files: [String: String]) {
        executables.append((name, packages, files))
    }

    /// Runs an executable added with `addExecutable`; its exit status and output.
    func run(_ name: String) throws -> (Int32, String) {
        try Self.run([workspace.appendingPathComponent(".build/debug/\(name)").path])
    }

    /// Builds everything; fails the test on errors and on warnings in generated or check code.
    func build(file: StaticString = #filePath, line: UInt = #line) throws {
        try writeCheckPackage()
        var arguments = ["swift", "build", "--package-path", workspace.appendingPathComponent("Check").path,
                         "--scratch-path", workspace.appendingPathComponent(".build").path]
        #if compiler(>=6.0)
        // The packages declare tools 5.9 (Swift 5 mode); Swift 6 mode also proves them free of data-race errors.
        arguments += ["-Xswiftc", "-swift-version", "-Xswiftc", "6"]
        #endif
        let (status, output) = try Self.run(arguments)
        XCTAssertEqual(status, 0, "generated packages do not compile:\n" + Self.diagnosticLines(output), file: file, line: line)
        let warnings = output.components(separatedBy: "\n").filter { $0.contains("warning:") && $0.contains(workspace.path) }
        XCTAssertEqual(warnings, [], "generated code or check code has warnings", file: file, line: line)
    }

    private func writeCheckPackage() throws {
        let dependencies = checks.map { "        .package(path: \"../\($0.package)\")" }.joined(separator: ",\n")
        let libraryTargets = checks.map {
            "        .target(name: \"Check\($0.package)\", dependencies: [.product(name: \"\($0.package)\", package: \"\($0.package)\")])"
        }
        let executableTargets = executables.map { executable in
            let products = executable.packages.map { ".product(name: \"\($0)\", package: \"\($0)\")" }.joined(separator: ", ")
            return "        .executableTarget(name: \"\(executable.name)\", dependencies: [\(products)])"
        }
        let targets = (libraryTargets + executableTargets).joined(separator: ",\n")
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
        let folder = workspace.appendingPathComponent("Check")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for check in checks {
            let sources = folder.appendingPathComponent("Sources/Check\(check.package)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try check.code.write(to: sources.appendingPathComponent("Usage.swift"), atomically: true, encoding: .utf8)
        }
        for executable in executables {
            let sources = folder.appendingPathComponent("Sources/\(executable.name)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            for (fileName, code) in executable.files {
                try code.write(to: sources.appendingPathComponent(fileName), atomically: true, encoding: .utf8)
            }
        }
    }

    /// Runs a command found on the PATH; its exit status and its standard output and error together.
    static func run(_ arguments: [String]) throws -> (Int32, String) {
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

    /// Compiler errors and warnings, or the whole output if there are none.
    private static func diagnosticLines(_ output: String) -> String {
        let lines = output.components(separatedBy: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
        return lines.isEmpty ? output : lines.prefix(80).joined(separator: "\n")
    }
}
