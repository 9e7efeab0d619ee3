import Project
import Output
import RunRecord
import TestSupport
import XCTest

final class RecordingFileSystemTests: XCTestCase {
    func testNotesEachQuestionOnceInOrder() throws {
        let folder = try TemporaryFolder(files: ["a.gql": "query A { a }\n"])
        let disk = RecordingFileSystem()
        XCTAssertTrue(disk.isDirectory(folder.path))
        XCTAssertEqual(try disk.listDirectory(folder.path), ["a.gql"])
        XCTAssertEqual(try disk.readFile(folder.url("a.gql")), Array("query A { a }\n".utf8))
        XCTAssertTrue(disk.isFile(folder.url("a.gql")))
        XCTAssertTrue(disk.isFile(folder.url("a.gql")))
        let observations = try XCTUnwrap(disk.observations)
        XCTAssertEqual(observations.map(\.path), [folder.path, folder.path, folder.url("a.gql"), folder.url("a.gql")])
        guard case .read(_, let identity, let hash) = observations[2] else { return XCTFail("\(observations[2])") }
        XCTAssertEqual(identity.size, 14)
        XCTAssertEqual(hash.count, 64)
    }

    func testFailedReadSpoilsTheObservations() throws {
        let folder = try TemporaryFolder()
        let disk = RecordingFileSystem()
        XCTAssertThrowsError(try disk.readFile(folder.url("missing.gql")))
        XCTAssertNil(disk.observations, "the run saw an error, so it must not be replayed")
    }

    func testFailedListingSpoilsTheObservations() throws {
        let folder = try TemporaryFolder()
        let disk = RecordingFileSystem()
        XCTAssertThrowsError(try disk.listDirectory(folder.url("missing")))
        XCTAssertNil(disk.observations)
    }

    func testDifferentAnswersToOneQuestionSpoilTheObservations() throws {
        let folder = try TemporaryFolder()
        let disk = RecordingFileSystem()
        XCTAssertFalse(disk.isFile(folder.url("late.gql")))
        try folder.write("late.gql", "")
        XCTAssertTrue(disk.isFile(folder.url("late.gql")))
        XCTAssertNil(disk.observations, "the loader may have acted on either answer")
    }
}
