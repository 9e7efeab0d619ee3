import Foundation
import TestSupport
import XCTest

/// scripts/install.sh with a stand-in `swift` (through `SWIFT`) that records its arguments and
/// "builds" a script: the options, errors and install steps are checked without a release build.
/// The real build is measured by hand (docs/getting-started.md).
final class InstallScriptTests: XCTestCase {
    private let script = SharedFolder.packageRoot.appendingPathComponent("scripts/install.sh").path

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [script] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The stand-in writes little, so reading one pipe to its end cannot block the other.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// A `swift` that logs `build` arguments and makes `<folder>/bin/sdkgen` print a version.
    private func fakeSwift(in folder: TemporaryFolder) throws -> String {
        try folder.write("swift", """
            #!/bin/sh
            echo "$*" >> \(folder.url("swift.log"))
            case "$*" in
                *--show-bin-path*) echo \(folder.url("bin")) ;;
                *) mkdir -p \(folder.url("bin")) && printf '#!/bin/sh\\necho "0.1.0 (commit fake)"\\n' > \(folder.url("bin/sdkgen")) && chmod +x \(folder.url("bin/sdkgen")) ;;
            esac

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url("swift"))
        return folder.url("swift")
    }

    func testHelpAndUsageErrors() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("Usage: scripts/install.sh [--prefix DIR] [--build-only]\n"), help.stdout)
        let unknown = try run(["--prefx", "/tmp"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("install.sh: error: unknown option '--prefx'\nUsage: "), unknown.stderr)
        let missing = try run(["--prefix"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "install.sh: error: --prefix needs a folder\n")
        let noSwift = try run([], environment: ["SWIFT": "/nonexistent/swift"])
        XCTAssertEqual(noSwift.status, 1)
        XCTAssertEqual(noSwift.stderr, "install.sh: error: '/nonexistent/swift' was not found; install a Swift toolchain (5.10 or newer, https://swift.org/install) or set SWIFT\n")
    }

    func testBuildsTheProductOnlyWithTheCommitAndInstallsIntoThePrefix() throws {
        let folder = try TemporaryFolder()
        let swift = try fakeSwift(in: folder)
        let prefix = folder.url("prefix")
        let result = try run(["--prefix", prefix], environment: ["SWIFT": swift, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "installed \(prefix)/bin/sdkgen: sdkgen 0.1.0 (commit fake)\n")
        XCTAssertTrue(result.stderr.hasSuffix("note: \(prefix)/bin is not on your PATH\n"), result.stderr)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix + "/bin/sdkgen"))
        let build = try XCTUnwrap(folder.read("swift.log")?.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(build.hasPrefix("build --package-path \(SharedFolder.packageRoot.path) --scratch-path \(SharedFolder.packageRoot.path)/.build/install -c release --product sdkgen"), build)
        let head = try XCTUnwrap(git(["rev-parse", "HEAD"]))
        XCTAssertTrue(build.contains(" -Xcc -DSDKGEN_COMMIT=\(head)"), build)
        #if os(Linux)
        XCTAssertTrue(build.hasSuffix(" --static-swift-stdlib -Xswiftc -static-executable"), build)
        #endif
        let buildOnly = try run(["--build-only"], environment: ["SWIFT": swift, "PREFIX": folder.url("unused")])
        XCTAssertEqual(buildOnly.stdout, folder.url("bin") + "/sdkgen\n")
        XCTAssertFalse(folder.exists("unused"))
    }

    func testUnwritablePrefixIsAClearError() throws {
        let folder = try TemporaryFolder(files: ["prefix": "a file, not a folder\n"])
        let result = try run(["--prefix", folder.url("prefix")], environment: ["SWIFT": try fakeSwift(in: folder)])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasSuffix("install.sh: error: cannot create \(folder.url("prefix"))/bin; run with sudo or choose another prefix (PREFIX=$HOME/.local)\n"), result.stderr)
    }

    private func git(_ arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", SharedFolder.packageRoot.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }
}
