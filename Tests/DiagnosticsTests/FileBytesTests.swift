import Diagnostics
import Foundation
import XCTest

final class FileBytesTests: XCTestCase {
    /// The whole file comes back whatever the size hint says; a descriptor that cannot be read gives nil.
    func testReadsWholeFilesWhateverTheHintAndReportsErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FileBytesTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = folder + "/data"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        for hint in [0, 10, bytes.count, bytes.count * 3] {
            let descriptor = open(path, O_RDONLY)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            XCTAssertEqual(FileBytes.readAll(descriptor, size: hint), bytes, "hint \(hint)")
            close(descriptor)
        }
        let directory = open(folder, O_RDONLY)
        defer { close(directory) }
        XCTAssertNil(FileBytes.readAll(directory, size: 0))
    }
}
