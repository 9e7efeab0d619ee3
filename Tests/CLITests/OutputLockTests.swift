import CLITestSupport
import Diagnostics
import Foundation
import Output
import TestSupport
import XCTest

/// Issue #21 item 5: two sdkgen processes writing one project's output take turns. The test
/// process holds the lock as "the other sdkgen"; the built `sdkgen` runs as a second process.
/// Issue #32: the lock is a `flock` on the project's own dataconnect.yaml, so taking it creates nothing.
final class OutputLockTests: XCTestCase {
    static let lockedFile = "dataconnect.yaml"
    private static let writerWaits = "waiting for another sdkgen writing this project's output (lock on dataconnect.yaml)\n"
    private static let checkWaits = "waiting for another sdkgen checking this project's output (lock on dataconnect.yaml)\n"

    /// Runs `body` holding the project's lock, which must be free.
    private func holding<T>(_ project: MoviesProject, shared: Bool = false, _ body: () throws -> T) throws -> T {
        try OutputLock.withLock(on: project.folder.url(Self.lockedFile), shared: shared, timeout: 0,
                                waiting: { _ in XCTFail("the lock is free") }, body)
    }

    /// The built `sdkgen` with `arguments`, run to its end, giving up on the lock after `lockTimeout` seconds.
    private func runToTheEnd(_ arguments: [String], in project: MoviesProject, lockTimeout: Int) throws -> ChildProcess {
        let run = try ChildProcess(ChildProcess.builtSDKGen(besides: Self.self), arguments: arguments, in: project.path,
                                   environment: ["SDKGEN_LOCK_TIMEOUT": "\(lockTimeout)"])
        try run.waitForExit()
        return run
    }

    func testSecondRunWaitsThenFailsSayingAWriterHoldsTheLock() throws {
        let project = try MoviesProject()
        let run = try holding(project) { try runToTheEnd(["generate"], in: project, lockTimeout: 1) }
        XCTAssertEqual(run.process.terminationStatus, 1)
        XCTAssertTrue(run.stderr.hasPrefix(Self.writerWaits), run.stderr)
        XCTAssertTrue(run.stderr.contains("error: cannot lock 'dataconnect.yaml': another sdkgen is still writing this project's output after 1 s; stop it or try again [\(DiagnosticID.outputLockFailed.rawValue)]"), run.stderr)
        XCTAssertEqual(project.folder.allFiles(), MoviesProject.sourceFiles, "nothing is written without the lock")
    }

    func testSecondRunProceedsOnceTheLockIsReleased() throws {
        let project = try MoviesProject()
        let run = try holding(project) {
            let run = try ChildProcess(ChildProcess.builtSDKGen(besides: Self.self), arguments: ["generate"], in: project.path,
                                       environment: ["SDKGEN_LOCK_TIMEOUT": "30"])
            try run.waitUntil("it waits") { run.stderr.contains("waiting for another sdkgen") }
            XCTAssertFalse(project.folder.exists(MoviesProject.packageFolder))
            return run
        }
        try run.waitForExit()
        XCTAssertEqual(run.process.terminationStatus, 0, run.stderr)
        XCTAssertTrue(project.folder.exists(MoviesProject.generatedFiles.map(project.generated)[1]))
        XCTAssertNoThrow(try holding(project) {}, "the lock dies with the process that held it")
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

    /// `flock` belongs to the open file: a second lock in the same process waits too, and the
    /// first is released when its scope ends, however it ends.
    func testLockKeepsTwoHoldersInOneProcessApart() throws {
        let project = try MoviesProject()
        let path = project.folder.url(Self.lockedFile)
        struct Thrown: Error {}
        XCTAssertThrowsError(try holding(project) {
            var waitedFor: OutputLock.Holder?
            XCTAssertThrowsError(try OutputLock.withLock(on: path, timeout: 0.1, waiting: { waitedFor = $0 }) { XCTFail("held") })
            XCTAssertEqual(waitedFor, .writer)
            for timeout in [-1, .nan] {
                XCTAssertThrowsError(try OutputLock.withLock(on: path, timeout: timeout, waiting: { _ in }) { XCTFail("held") }, "\(timeout)")
            }
            throw Thrown()
        }) { XCTAssertTrue($0 is Thrown) }
        XCTAssertNoThrow(try holding(project) {}, "released when the body threw")
    }

    /// Checks share the lock with each other, never with a writer.
    func testSharedLocksExcludeOnlyWriters() throws {
        let project = try MoviesProject()
        let path = project.folder.url(Self.lockedFile)
        try holding(project, shared: true) {
            XCTAssertNoThrow(try OutputLock.withLock(on: path, shared: true, timeout: 0, waiting: { _ in XCTFail("readers share") }) {})
            var waitedFor: OutputLock.Holder?
            XCTAssertThrowsError(try OutputLock.withLock(on: path, timeout: 0, waiting: { waitedFor = $0 }) { XCTFail("a check holds it") })
            XCTAssertEqual(waitedFor, .checks)
        }
        try holding(project) {
            var waitedFor: OutputLock.Holder?
            XCTAssertThrowsError(try OutputLock.withLock(on: path, shared: true, timeout: 0, waiting: { waitedFor = $0 }) { XCTFail("a writer holds it") })
            XCTAssertEqual(waitedFor, .writer)
        }
        XCTAssertNoThrow(try holding(project, shared: true) {})
    }

    /// The lock needs no write permission (a read-only checkout), and a missing file is an error
    /// that creates nothing.
    func testLockOpensTheFileReadOnlyAndCreatesNothing() throws {
        let project = try MoviesProject()
        let path = project.folder.url(Self.lockedFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        XCTAssertNoThrow(try holding(project) {})
        XCTAssertNoThrow(try holding(project, shared: true) {})
        let missing = project.folder.url("elsewhere/dataconnect.yaml")
        XCTAssertThrowsError(try OutputLock.withLock(on: missing, timeout: 0, waiting: { _ in }) { XCTFail("no file") }) {
            XCTAssertEqual(($0 as? FileSystemError)?.path, missing)
        }
        XCTAssertEqual(project.folder.allFiles(), MoviesProject.sourceFiles)
    }

    /// A writer waiting for a check cannot name it (`flock` records no process), but the check's
    /// shared lock tells it apart from a writer.
    func testWriterWaitingForACheckSaysSo() throws {
        let project = try MoviesProject()
        let run = try holding(project, shared: true) { try runToTheEnd(["generate"], in: project, lockTimeout: 0) }
        XCTAssertEqual(run.process.terminationStatus, 1)
        XCTAssertTrue(run.stderr.hasPrefix(Self.checkWaits), run.stderr)
        XCTAssertTrue(run.stderr.contains("error: cannot lock 'dataconnect.yaml': another sdkgen is still checking this project's output after 0 s"), run.stderr)
    }

    /// `generate --check` never compares against output a writer is changing: it waits, and gives up
    /// like a writer does.
    func testCheckWaitsForAWriter() throws {
        let project = try MoviesProject()
        XCTAssertEqual(CapturedRun(["generate"], in: project.path).status, .success)
        let run = try holding(project) { try runToTheEnd(["generate", "--check"], in: project, lockTimeout: 0) }
        XCTAssertEqual(run.process.terminationStatus, 1)
        XCTAssertTrue(run.stderr.hasPrefix(Self.writerWaits), run.stderr)
        XCTAssertTrue(run.stderr.contains("error: cannot lock 'dataconnect.yaml': another sdkgen is still writing"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    func testChecksRunAlongsideEachOther() throws {
        let project = try MoviesProject()
        XCTAssertEqual(CapturedRun(["generate"], in: project.path).status, .success)
        let run = try holding(project, shared: true) { CapturedRun(["generate", "--check"], in: project.path) }
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertEqual(run.errors, "")
    }

    /// `schema` writes under the same lock as `generate`.
    func testSchemaWaitsForAWriter() throws {
        let project = try MoviesProject()
        let run = try holding(project) { try runToTheEnd(["schema", "--out", "sdl"], in: project, lockTimeout: 0) }
        XCTAssertEqual(run.process.terminationStatus, 1)
        XCTAssertTrue(run.stderr.contains("error: cannot lock 'dataconnect.yaml': another sdkgen is still writing"), run.stderr)
        XCTAssertFalse(project.folder.exists("sdl"), "nothing is written without the lock")
        let free = CapturedRun(["schema", "--out", "sdl"], in: project.path)
        XCTAssertEqual(free.status, .success, free.errors)
    }
}
