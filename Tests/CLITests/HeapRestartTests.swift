import Foundation
import TestSupport
import XCTest
@testable import CLI

/// The restart of a large run with glibc's huge-page heap settings (`HeapRestart`).
final class HeapRestartTests: XCTestCase {
    private func restart(_ environment: [String: String], mode: String? = "always [madvise] never\n",
                         readsTunable: Bool = true) -> [String: String]? {
        HeapRestart.environmentForRestart(environment, hugePageMode: mode, allocatorReadsTunable: readsTunable, start: 42)
    }

    func testRestartSetsTheTunablesAndCarriesTheStart() {
        XCTAssertEqual(restart(["HOME": "/home/a"]), [
            "GLIBC_TUNABLES": "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=2097152",
            "SDKGEN_HEAP_RESTART": "42",
        ])
        XCTAssertEqual(restart([:], mode: "[always] madvise never\n")?["GLIBC_TUNABLES"], HeapRestart.tunables)
    }

    func testTheUsersOtherTunablesAreKept() {
        XCTAssertEqual(restart(["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"])?["GLIBC_TUNABLES"],
                       "glibc.malloc.arena_max=2:" + HeapRestart.tunables)
    }

    func testNoRestartWhereItWouldNotHelpOrIsNotWanted() {
        XCTAssertNil(restart([:], mode: "always madvise [never]\n"), "huge pages off")
        XCTAssertNil(restart([:], mode: nil), "no huge page setting")
        XCTAssertNil(restart([:], readsTunable: false), "an allocator that ignores the tunable")
        XCTAssertNil(restart(["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"]), "the user's huge page choice")
        XCTAssertNil(restart(["GLIBC_TUNABLES": "glibc.malloc.top_pad=0"]), "the user's top pad")
        XCTAssertNil(restart(["SDKGEN_LARGE_HEAP": "0"]), "switched off")
        XCTAssertNil(restart(["SDKGEN_HEAP_RESTART": "7"]), "already restarted")
        XCTAssertNotNil(restart(["SDKGEN_LARGE_HEAP": "1"]))
    }

    func testFirstStartIsReadOnlyFromAWholeNumber() {
        XCTAssertEqual(HeapRestart.firstStart(in: ["SDKGEN_HEAP_RESTART": "123456789"]), 123_456_789)
        XCTAssertNil(HeapRestart.firstStart(in: ["SDKGEN_HEAP_RESTART": "12ms"]))
        XCTAssertNil(HeapRestart.firstStart(in: [:]))
    }

    /// A command running inside another program (these tests, an IDE) must never replace it.
    func testNoHookOutsideTheExecutableOrInARestartedProcess() {
        let silent = Console(writeOutput: { _ in }, writeError: { _ in }, colorDiagnostics: false)
        let context = CommandContext(currentDirectory: "/", environment: [:], console: silent)
        XCTAssertNil(HeapRestart.hook(start: 0, in: context))
        var executable = context
        executable.mayRestartProcess = true
        executable.environment = ["SDKGEN_HEAP_RESTART": "1"]
        XCTAssertNil(HeapRestart.hook(start: 0, in: executable))
        #if os(Linux)
        executable.environment = [:]
        XCTAssertNotNil(HeapRestart.hook(start: 0, in: executable))
        #endif
    }

    /// The built executable restarts for a project of 128 KiB of GraphQL or more (where this machine
    /// allows it), reports the whole run, writes the same files, and leaves small projects alone.
    func testTheExecutableRestartsForALargeProjectOnly() throws {
        let project = try MoviesProject()
        let cache = try TemporaryFolder()
        let sdkgen = try ChildProcess.builtSDKGen(besides: Self.self)
        func generate(_ extra: [String: String] = [:]) throws -> ChildProcess {
            let child = try ChildProcess(sdkgen, arguments: ["generate", "--no-cache", "--verbose"], in: project.path,
                                         environment: extra.merging(["SDKGEN_CACHE_DIR": cache.path]) { $1 })
            try child.waitForExit()
            XCTAssertEqual(child.process.terminationStatus, 0, child.stderr)
            return child
        }
        let restartNote = "note: restarted with \(HeapRestart.tunables) for a large heap\n"

        let small = try generate()
        XCTAssertEqual(small.stderr.components(separatedBy: "\n").first, "note: running every stage: --no-cache")
        XCTAssertFalse(small.stderr.contains(restartNote), small.stderr)

        let padding = String(repeating: "# A comment line that makes the connector larger without adding operations.\n", count: 1_800)
        try project.append("connector/queries.gql", padding)
        let large = try generate()
        let restarts = HeapRestart.environmentForRestart(ProcessInfo.processInfo.environment, hugePageMode: HeapRestart.currentHugePageMode,
                                                         allocatorReadsTunable: HeapRestart.allocatorReadsTunable, start: 0) != nil
        #if os(Linux)
        XCTAssertEqual(large.stderr.contains(restartNote), restarts, large.stderr)
        #else
        XCTAssertFalse(large.stderr.contains(restartNote), large.stderr)
        #endif
        XCTAssertEqual(large.stderr.components(separatedBy: "note: running every stage: --no-cache\n").count, 2, "said once")
        XCTAssertTrue(large.stdout.hasPrefix("generated 1 package: 0 written, 9 unchanged, 0 deleted in "), large.stdout)

        let switchedOff = try generate(["SDKGEN_LARGE_HEAP": "0"])
        XCTAssertFalse(switchedOff.stderr.contains(restartNote), switchedOff.stderr)
        XCTAssertTrue(switchedOff.stdout.hasPrefix("generated 1 package: 0 written, 9 unchanged, 0 deleted in "), switchedOff.stdout)
    }
}
