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

    /// A `swift` that logs `build` arguments and makes `<folder>/bin/sdkgen` print a version; a
    /// build also prints `<folder>/build-output` when there is one and exits with `status`.
    private func fakeSwift(in folder: TemporaryFolder, status: Int = 0) throws -> String {
        try folder.write("swift", """
            #!/bin/sh
            echo "$*" >> \(folder.url("swift.log"))
            case "$*" in
                *--show-bin-path*) echo \(folder.url("bin")) ;;
                *) mkdir -p \(folder.url("bin")) && printf '#!/bin/sh\\necho "0.1.0 (commit fake)"\\n' > \(folder.url("bin/sdkgen")) && chmod +x \(folder.url("bin/sdkgen"))
                   cat \(folder.url("build-output")) 2>/dev/null; exit \(status) ;;
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

    /// Issue #33: glibc's warnings about a static binary are expected and hidden behind one note;
    /// every other line of the build, other warnings and errors included, is shown.
    func testExpectedLinkerWarningsAreHiddenAndOthersShown() throws {
        let folder = try TemporaryFolder()
        let glibc = "in statically linked applications requires at runtime the shared libraries from the glibc version used for linking"
        let shown = [
            "[1/2] Compiling sdkgen main.swift",
            "/tmp/x.o:x.o:function f: warning: something the script does not expect",
            "/tmp/x.o:x.o:function f: warning: Using 'gethostbyname' \(glibc)",
            "/usr/lib/libfoo.a(foo.o): in function `foo':",
            "foo.c:(.text+0x1): undefined reference to `bar'",
            "Build of product 'sdkgen' complete! (1.00s)",
        ]
        try folder.write("build-output", [
            shown[0],
            "/opt/swift/usr/lib/swift_static/linux/libFoundation.a(Host.swift.o):Host.swift:function f: warning: Using 'getaddrinfo' \(glibc)",
            "/opt/swift/usr/lib/swift_static/linux/libswiftCore.a(a.o):a.cpp:function g: warning: the use of `mktemp' is dangerous, better use `mkstemp' or `mkdtemp'",
            shown[1], shown[2],
            // GNU ld's form: the function on a line of its own, hidden with its warning.
            "/usr/lib/libFoundation.a(NSUser.o): in function `h':",
            "NSUser.swift:(.text+0x2): warning: Using 'getgrgid_r' \(glibc)",
            shown[3], shown[4], shown[5],
        ].joined(separator: "\n") + "\n")
        let result = try run(["--build-only"], environment: ["SWIFT": try fakeSwift(in: folder)])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.drop { !$0.hasPrefix("[1/2]") }), shown + [
            "install.sh: note: hid 3 expected linker warnings about glibc functions in a static binary (see docs/getting-started.md)",
        ])

        let failed = try run(["--build-only"], environment: ["SWIFT": try fakeSwift(in: folder, status: 1)])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains(shown[4] + "\n"), failed.stderr)
        XCTAssertTrue(failed.stderr.hasSuffix("install.sh: error: the build failed; see the compiler output above\n"), failed.stderr)
        XCTAssertEqual(failed.stdout, "")
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
