import Foundation
import Output
import TestSupport
import XCTest

/// Issue #21 item 5: two sdkgen processes writing one project's output take turns. The test
/// process holds the lock as "the other sdkgen"; the built `sdkgen` runs as a second process.
final class OutputLockTests: XCTestCase {
    private func lock(_ project: MoviesProject) throws -> OutputLock {
        try OutputLock.acquire(at: project.folder.url(GenerateCommandTests.lockFile), timeout: 0) { _ in XCTFail("the lock is free") }
    }

    /// The built `sdkgen` with `arguments`, run to its end, giving up on the lock after `lockTimeout` seconds.
    private func runToTheEnd(_ arguments: [String], in project: MoviesProject, lockTimeout: Int) throws -> ChildProcess {
        let run = try ChildProcess(ChildProcess.builtSDKGen(besides: Self.self), arguments: arguments, in: project.path,
                                   environment: ["SDKGEN_LOCK_TIMEOUT": "\(lockTimeout)"])
        try run.waitForExit()
        return run
    }

    func testSecondRunWaitsThenFailsNamingTheHolder() throws {
        let project = try MoviesProject()
        let held = try lock(project)
        let run = try runToTheEnd(["generate"], in: project, lockTimeout: 1)
        withExtendedLifetime(held) {}
        XCTAssertEqual(run.process.terminationStatus, 1)
        let pid = ProcessInfo.processInfo.processIdentifier
        XCTAssertTrue(run.stderr.hasPrefix("waiting for another sdkgen (pid \(pid)) writing this project's output (.dataconnect/sdkgen.lock)\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("error: cannot lock '.dataconnect/sdkgen.lock': another sdkgen (pid \(pid)) is still writing this project's output after 1 s; stop it or try again"), run.stderr)
        XCTAssertFalse(project.folder.exists(MoviesProject.packageFolder), "nothing is written without the lock")
    }

    func testSecondRunProceedsOnceTheLockIsReleased() throws {
        let project = try MoviesProject()
        var held: OutputLock? = try lock(project)
        let run = try ChildProcess(ChildProcess.builtSDKGen(besides: Self.self), arguments: ["generate"], in: project.path,
                                   environment: ["SDKGEN_LOCK_TIMEOUT": "30"])
        try run.waitUntil("it waits") { run.stderr.contains("waiting for another sdkgen") }
        XCTAssertFalse(project.folder.exists(MoviesProject.packageFolder))
        held = nil
        try run.waitForExit()
        XCTAssertNil(held)
        XCTAssertEqual(run.process.terminationStatus, 0, run.stderr)
        XCTAssertTrue(project.folder.exists(MoviesProject.generatedFiles.map(project.generated)[1]))
        XCTAssertNoThrow(try lock(project), "the lock dies with the process that held it")
    }

    /// Several `sdkgen generate` processes at once take turns: each succeeds, none trips over another's
    /// renames, and the output is what one run writes.
    func testConcurrentRunsTakeTurns() throws {
        let project = try MoviesProject()
        let sdkgen = try ChildProcess.builtSDKGen(besides: Self.self)
        let runs = try (0..<4).map { _ in try ChildProcess(sdkgen, arguments: ["generate"], in: project.path) }
        for run in runs { try run.waitForExit() }
        for run in runs {
            XCTAssertEqual(run.process.terminationStatus, 0, run.stderr)
            XCTAssertFalse(run.stderr.contains("error"), run.stderr)
        }
        XCTAssertEqual(runs.filter { $0.stdout.contains(": 9 written,") }.count, 1, runs.map(\.stdout).joined())
        let again = CapturedRun(["generate"], in: project.path)
        XCTAssertTrue(again.output.contains("0 written, 9 unchanged, 0 deleted"), again.output)
    }

    /// `flock` belongs to the open file: a second lock in the same process waits too.
    func testLockKeepsTwoHoldersInOneProcessApart() throws {
        let project = try MoviesProject()
        let held = try lock(project)
        var waitedFor: Int??
        XCTAssertThrowsError(try OutputLock.acquire(at: project.folder.url(GenerateCommandTests.lockFile), timeout: 0.1) { waitedFor = $0 })
        XCTAssertEqual(waitedFor, .some(Int(ProcessInfo.processInfo.processIdentifier)))
        for timeout in [-1, .nan] {
            XCTAssertThrowsError(try OutputLock.acquire(at: project.folder.url(GenerateCommandTests.lockFile), timeout: timeout) { _ in }, "\(timeout)")
        }
        withExtendedLifetime(held) {}
    }

    func testForeignFileAtTheLockPathIsNeverUsed() throws {
        let project = try MoviesProject()
        try project.folder.write(GenerateCommandTests.lockFile, "my notes\n")
        XCTAssertThrowsError(try lock(project))
        XCTAssertEqual(project.folder.read(GenerateCommandTests.lockFile), "my notes\n")
        let run = CapturedRun(["generate"], in: project.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertTrue(run.errors.contains("error: cannot lock '.dataconnect/sdkgen.lock': is not sdkgen's lock file"), run.errors)
    }

    /// Checks share the lock with each other, never with a writer.
    func testSharedLocksExcludeOnlyWriters() throws {
        let project = try MoviesProject()
        let path = project.folder.url(GenerateCommandTests.lockFile)
        var reader: OutputLock? = try OutputLock.acquire(at: path, shared: true, timeout: 0) { _ in XCTFail("the lock is free") }
        XCTAssertNoThrow(try OutputLock.acquire(at: path, shared: true, timeout: 0) { _ in XCTFail("readers share") })
        var waitedFor: Int??
        XCTAssertThrowsError(try OutputLock.acquire(at: path, timeout: 0) { waitedFor = $0 })
        XCTAssertEqual(waitedFor, .some(nil), "a reader writes no process id")
        reader = nil
        var writer: OutputLock? = try lock(project)
        XCTAssertThrowsError(try OutputLock.acquire(at: path, shared: true, timeout: 0) { _ in })
        writer = nil
        XCTAssertNil(reader ?? writer)
        XCTAssertNoThrow(try OutputLock.acquire(at: path, shared: true, timeout: 0) { _ in XCTFail("released") })
        XCTAssertEqual(project.folder.read(GenerateCommandTests.lockFile),
                       "# Code generated by sdkgen. DO NOT EDIT.\n# Held by the sdkgen process below while it writes this project's output.\n",
                       "a released writer's process id goes with it")
    }

    /// A check on a read-only checkout, where the lock file cannot be created, takes no lock: no
    /// writer can hold one there. A writer still fails, and so does a check through a link.
    func testReaderNeedsNoLockWhereNoFileCanBeCreated() throws {
        #if os(Linux)
        // Even root cannot create anything in /sys.
        let path = "/sys/sdkgen-\(UUID().uuidString)/sdkgen.lock"
        XCTAssertNoThrow(try OutputLock.acquire(at: path, shared: true, timeout: 0) { _ in XCTFail("nothing to wait for") })
        XCTAssertThrowsError(try OutputLock.acquire(at: path, timeout: 0) { _ in XCTFail("nothing to wait for") })
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        #endif
        let project = try MoviesProject()
        try FileManager.default.createDirectory(atPath: project.folder.url(".dataconnect"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.folder.url(GenerateCommandTests.lockFile), withDestinationPath: "/sys/no-such-file")
        XCTAssertThrowsError(try OutputLock.acquire(at: project.folder.url(GenerateCommandTests.lockFile), shared: true, timeout: 0) { _ in })
    }

    /// A writer waiting for a check cannot name it (checks record no process id), and says it may
    /// be a check.
    func testWriterWaitingForACheckSaysSo() throws {
        let project = try MoviesProject()
        let reader = try OutputLock.acquire(at: project.folder.url(GenerateCommandTests.lockFile), shared: true, timeout: 0) { _ in }
        let run = try runToTheEnd(["generate"], in: project, lockTimeout: 0)
        withExtendedLifetime(reader) {}
        XCTAssertEqual(run.process.terminationStatus, 1)
        XCTAssertTrue(run.stderr.hasPrefix("waiting for another sdkgen (pid unknown) checking or writing this project's output (.dataconnect/sdkgen.lock)\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("error: cannot lock '.dataconnect/sdkgen.lock': another sdkgen (pid unknown) is still checking or writing this project's output after 0 s"), run.stderr)
    }

    /// `generate --check` never compares against output a writer is changing: it waits, and gives up
    /// like a writer does.
    func testCheckWaitsForAWriter() throws {
        let project = try MoviesProject()
        XCTAssertEqual(CapturedRun(["generate"], in: project.path).status, .success)
        let held = try lock(project)
        let run = try runToTheEnd(["generate", "--check"], in: project, lockTimeout: 0)
        withExtendedLifetime(held) {}
        XCTAssertEqual(run.process.terminationStatus, 1)
        let pid = ProcessInfo.processInfo.processIdentifier
        XCTAssertTrue(run.stderr.hasPrefix("waiting for another sdkgen (pid \(pid)) writing this project's output (.dataconnect/sdkgen.lock)\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("error: cannot lock '.dataconnect/sdkgen.lock': another sdkgen (pid \(pid)) is still writing"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    func testChecksRunAlongsideEachOther() throws {
        let project = try MoviesProject()
        XCTAssertEqual(CapturedRun(["generate"], in: project.path).status, .success)
        let reader = try OutputLock.acquire(at: project.folder.url(GenerateCommandTests.lockFile), shared: true, timeout: 0) { _ in }
        let run = CapturedRun(["generate", "--check"], in: project.path)
        withExtendedLifetime(reader) {}
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertEqual(run.errors, "")
    }

    /// `schema` writes under the same lock as `generate`.
    func testSchemaWaitsForAWriter() throws {
        let project = try MoviesProject()
        var held: OutputLock? = try lock(project)
        let run = try runToTheEnd(["schema", "--out", "sdl"], in: project, lockTimeout: 0)
        held = nil
        XCTAssertNil(held)
        XCTAssertEqual(run.process.terminationStatus, 1)
        XCTAssertTrue(run.stderr.contains("error: cannot lock '.dataconnect/sdkgen.lock': another sdkgen (pid "), run.stderr)
        XCTAssertFalse(project.folder.exists("sdl"), "nothing is written without the lock")
        let free = CapturedRun(["schema", "--out", "sdl"], in: project.path)
        XCTAssertEqual(free.status, .success, free.errors)
    }
}
