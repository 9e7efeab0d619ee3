import Foundation
import XCTest
@testable import SwiftEmitter

/// A temporary folder of generated packages plus a `Check` package whose targets depend on them,
/// built with one `swift build`. The Check package's sources are the files of
/// `Fixtures/AppChecks/Sources/<target>/`, copied as they are; its manifest is written here,
/// because the generated packages it depends on vary (the corpus is optional).
struct PackageBuild {
    /// The app code compiled against the generated packages, one folder per target of `Check`.
    static let appChecks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/AppChecks/Sources")

    let workspace: URL
    private var checks: [String] = []
    private var executables: [(name: String, packages: [String], extraFiles: [URL])] = []

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

    /// Writes a generated package and a check target `Check<package>` for it: the app code of
    /// `Fixtures/AppChecks/Sources/Check<package>/`, or else a file that imports the package.
    mutating func add(_ files: [GeneratedSwiftFile], package: String) throws {
        for file in files {
            let url = workspace.appendingPathComponent(package).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
        }
        checks.append(package)
    }

    /// Adds the executable target `name` of `Fixtures/AppChecks/Sources/<name>/`, depending on
    /// `packages`, with `extraFiles` from elsewhere in this repository compiled into it;
    /// `run(_:)` starts it after the build.
    mutating func addExecutable(_ name: String, packages: [String], extraFiles: [URL] = []) {
        executables.append((name, packages, extraFiles))
    }

    /// Runs an executable added with `addExecutable`; its exit status and output.
    func run(_ name: String) throws -> (Int32, String) {
        try Self.run([workspace.appendingPathComponent(".build/debug/\(name)").path])
    }

    /// Builds everything; fails the test on errors and on warnings in generated or check code.
    /// Whether the build succeeded (else the executables are stale or missing).
    @discardableResult
    func build(file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
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
        return status == 0
    }

    private func writeCheckPackage() throws {
        let dependencies = checks.map { "        .package(path: \"../\($0)\")" }.joined(separator: ",\n")
        let libraryTargets = checks.map {
            "        .target(name: \"Check\($0)\", dependencies: [.product(name: \"\($0)\", package: \"\($0)\")])"
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
        let sources = folder.appendingPathComponent("Sources")
        // A run with SDKGEN_KEEP left the previous copy.
        try? FileManager.default.removeItem(at: sources)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let fixtureTargets = try FileManager.default.contentsOfDirectory(atPath: Self.appChecks.path).filter { !$0.hasPrefix(".") }
        let targetNames = Set(checks.map { "Check\($0)" } + executables.map(\.name))
        let unused = fixtureTargets.filter { !targetNames.contains($0) }
        XCTAssertEqual(unused, [], "app-check folders that no package or executable of this build uses")
        for target in targetNames where fixtureTargets.contains(target) {
            try FileManager.default.copyItem(at: Self.appChecks.appendingPathComponent(target), to: sources.appendingPathComponent(target))
        }
        for package in checks where !fixtureTargets.contains("Check\(package)") {
            let target = sources.appendingPathComponent("Check\(package)")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try "import \(package)\n".write(to: target.appendingPathComponent("Usage.swift"), atomically: true, encoding: .utf8)
        }
        for executable in executables {
            for file in executable.extraFiles {
                try FileManager.default.copyItem(at: file, to: sources.appendingPathComponent(executable.name).appendingPathComponent(file.lastPathComponent))
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
