import Foundation
import Project
import Output
import RunRecord
import TestSupport
import XCTest

/// A record made over real files, then checked after each kind of change.
final class RunRecordCheckTests: XCTestCase {
    private let key = RunRecord.Key(currentDirectory: "/work", projectDirectory: nil, connectors: nil)
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(files: [
            "connector/queries.gql": "query A { a }\n",
            "out/Sources/A.swift": "struct A {}\n",
        ])
    }

    /// Reads the project the way the loader would and records it, as if the run had ended
    /// `settleSeconds` later (so the just-written files count as settled).
    private func record(now: Timestamp? = nil, outputs: [String]? = nil) throws -> RunRecord {
        let disk = RecordingFileSystem()
        XCTAssertTrue(disk.isFile(folder.url("connector/queries.gql")))
        XCTAssertFalse(disk.isFile(folder.url("connector/connector.yaml")))
        _ = try disk.listDirectory(folder.url("connector"))
        _ = try disk.readFile(folder.url("connector/queries.gql"))
        let inputs = try XCTUnwrap(disk.observations)
        let later = now ?? Timestamp(seconds: Timestamp.now().seconds + RunRecord.settleSeconds + 1, nanoseconds: 0)
        return try XCTUnwrap(RunRecord(tool: "tool", key: key, packages: 1, files: 1, inputs: inputs,
                                       outputs: outputs ?? [folder.url("out/Sources/A.swift"), folder.url("out/Sources")], now: later))
    }

    func testUnchangedProjectIsCurrent() throws {
        XCTAssertTrue(try record().isCurrent(tool: "tool", key: key))
    }

    func testOtherToolOrArgumentsAreNotCurrent() throws {
        let record = try record()
        XCTAssertEqual(record.change(tool: "other build", key: key), .tool)
        XCTAssertEqual(record.change(tool: "tool", key: RunRecord.Key(currentDirectory: "/work", projectDirectory: nil, connectors: ["a"])), .arguments)
        XCTAssertFalse(record.isCurrent(tool: "tool", key: RunRecord.Key(currentDirectory: "/work", projectDirectory: "p", connectors: nil)))
    }

    func testEditedInputIsNotCurrent() throws {
        let record = try record()
        try folder.write("connector/queries.gql", "query B { a }\n")
        XCTAssertEqual(record.change(tool: "tool", key: key), .input(path: folder.url("connector/queries.gql")))
    }

    func testInputSavedUnchangedIsStillCurrent() throws {
        let record = try record()
        // A new inode and new times, the same bytes: compared by content.
        try folder.write("connector/queries.gql", "query A { a }\n")
        XCTAssertTrue(record.isCurrent(tool: "tool", key: key))
    }

    func testYoungInputIsComparedByContent() throws {
        // An edit within the time stamps' granularity can leave every field of stat as it was; the
        // record below claims other bytes for exactly the file's identity, as such an edit would.
        let path = folder.url("connector/queries.gql")
        let identity = try XCTUnwrap(FileIdentity(path: path))
        let stale = InputObservation.read(path: path, identity: identity, hash: String(repeating: "0", count: 64))
        func record(createdAfterChange seconds: Int64) -> RunRecord {
            RunRecord(tool: "tool", key: key, created: Timestamp(seconds: identity.changed.seconds + seconds, nanoseconds: identity.changed.nanoseconds),
                      packages: 1, files: 1, inputs: [stale], outputs: [])
        }
        XCTAssertFalse(record(createdAfterChange: 0).isCurrent(tool: "tool", key: key), "a young file is read and hashed")
        XCTAssertTrue(record(createdAfterChange: RunRecord.settleSeconds + 1).isCurrent(tool: "tool", key: key),
                      "a settled file is trusted by its identity")
    }

    func testNewFileInListedFolderIsNotCurrent() throws {
        let record = try record()
        try folder.write("connector/more.gql", "query C { a }\n")
        XCTAssertEqual(record.change(tool: "tool", key: key), .listing(path: folder.url("connector")))
    }

    func testFileThatAppearedIsNotCurrent() throws {
        let record = try record()
        try folder.write("connector/connector.yaml", "connectorId: a\n")
        // The new file also changes the folder's listing, which is checked after the question.
        XCTAssertEqual(record.change(tool: "tool", key: key), .appeared(path: folder.url("connector/connector.yaml")))
    }

    func testEditedOrDeletedOutputIsNotCurrent() throws {
        let record = try record()
        try folder.write("out/Sources/A.swift", "struct A {}\n")
        XCTAssertFalse(record.isCurrent(tool: "tool", key: key), "outputs are compared by identity: a rewrite is a change")
        let second = try self.record()
        try FileManager.default.removeItem(atPath: folder.url("out/Sources/A.swift"))
        XCTAssertEqual(second.change(tool: "tool", key: key), .output(path: folder.url("out/Sources/A.swift")))
    }

    func testFileThatDisappearedIsNotCurrent() throws {
        let record = try record()
        try FileManager.default.removeItem(atPath: folder.url("connector/queries.gql"))
        XCTAssertEqual(record.change(tool: "tool", key: key), .disappeared(path: folder.url("connector/queries.gql")))
    }

    func testStrayFileInOutputFolderIsNotCurrent() throws {
        let record = try record()
        try folder.write("out/Sources/.sdkgen-tmp-A.swift-1", "partial")
        XCTAssertFalse(record.isCurrent(tool: "tool", key: key), "a leftover of an interrupted run needs the writer's clean-up")
    }

    func testRecentlyChangedOutputIsNotRecorded() throws {
        let disk = RecordingFileSystem()
        _ = try disk.readFile(folder.url("connector/queries.gql"))
        let inputs = try XCTUnwrap(disk.observations)
        XCTAssertNil(RunRecord(tool: "tool", key: key, packages: 1, files: 1, inputs: inputs, outputs: [folder.url("out/Sources/A.swift")]),
                     "a file written moments ago may still change within its time stamp's granularity")
        XCTAssertNil(RunRecord(tool: "tool", key: key, packages: 1, files: 1, inputs: inputs, outputs: [folder.url("out/missing.swift")],
                               now: Timestamp(seconds: Timestamp.now().seconds + 10, nanoseconds: 0)))
    }
}
