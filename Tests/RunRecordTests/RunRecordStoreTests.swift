import Output
import RunRecord
import TestSupport
import XCTest

final class RunRecordStoreTests: XCTestCase {
    func testCacheFolderFromEnvironment() {
        func folder(_ environment: [String: String]) -> String? {
            RunRecordStore(environment: environment, currentDirectory: "/cwd")?.folder
        }
        XCTAssertEqual(folder(["SDKGEN_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h"]), "/c/runs")
        XCTAssertEqual(folder(["SDKGEN_CACHE_DIR": "rel"]), "/cwd/rel/runs")
        XCTAssertEqual(folder(["XDG_CACHE_HOME": "/x", "HOME": "/h"]), "/x/sdkgen/runs")
        #if canImport(Darwin)
        XCTAssertEqual(folder(["HOME": "/h"]), "/h/Library/Caches/sdkgen/runs")
        #else
        XCTAssertEqual(folder(["HOME": "/h"]), "/h/.cache/sdkgen/runs")
        #endif
        XCTAssertNil(folder([:]), "no cache folder, no records")
        XCTAssertNil(folder(["HOME": "relative"]))
    }

    func testSaveLoadAndRemove() throws {
        let folder = try TemporaryFolder()
        let store = RunRecordStore(folder: folder.url("cache/runs"))
        let key = RunRecord.Key(currentDirectory: "/work", projectDirectory: "app", connectors: nil)
        let record = RunRecord(tool: "t", key: key, created: Timestamp(seconds: 1, nanoseconds: 2), packages: 1, files: 3,
                               inputs: [.isFile(path: "/work/app/dataconnect.yaml", answer: true)], outputs: [])
        XCTAssertNil(store.load(key))
        XCTAssertTrue(store.save(record))
        XCTAssertEqual(store.load(key), record)
        XCTAssertNil(store.load(RunRecord.Key(currentDirectory: "/work", projectDirectory: nil, connectors: nil)))
        store.remove(key)
        XCTAssertNil(store.load(key))
    }

    func testKeysGetDistinctFiles() {
        let store = RunRecordStore(folder: "/c")
        let keys = [
            RunRecord.Key(currentDirectory: "/a", projectDirectory: nil, connectors: nil),
            RunRecord.Key(currentDirectory: "/a", projectDirectory: ".", connectors: nil),
            RunRecord.Key(currentDirectory: "/a", projectDirectory: nil, connectors: ["x"]),
            RunRecord.Key(currentDirectory: "/b", projectDirectory: nil, connectors: nil),
        ]
        XCTAssertEqual(Set(keys.map(store.path(for:))).count, keys.count)
        XCTAssertTrue(store.path(for: keys[0]).hasPrefix("/c/"))
    }

    func testUnreadableRecordIsNone() throws {
        let folder = try TemporaryFolder()
        let store = RunRecordStore(folder: folder.path)
        let key = RunRecord.Key(currentDirectory: "/work", projectDirectory: nil, connectors: nil)
        try "# sdkgen run record 1\ngarbage".write(toFile: store.path(for: key), atomically: true, encoding: .utf8)
        XCTAssertNil(store.load(key))
    }
}
