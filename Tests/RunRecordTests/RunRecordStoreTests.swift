import Foundation
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
    private static func record(_ key: RunRecord.Key) -> RunRecord {
        RunRecord(tool: "t", key: key, created: Timestamp(seconds: 1, nanoseconds: 2), packages: 1, files: 3,
                  inputs: [.isFile(path: "/work/app/dataconnect.yaml", answer: true)], outputs: [])
    }

    private static func age(_ path: String, days: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -days * 86_400)], ofItemAtPath: path)
    }

    func testRecordsUnusedForThirtyDaysAreRemovedAndNothingElse() throws {
        let folder = try TemporaryFolder()
        let store = RunRecordStore(folder: folder.path)
        let recent = RunRecord.Key(currentDirectory: "/recent", projectDirectory: nil, connectors: nil)
        let stale = RunRecord.Key(currentDirectory: "/stale", projectDirectory: nil, connectors: nil)
        let almost = RunRecord.Key(currentDirectory: "/almost", projectDirectory: nil, connectors: nil)
        for key in [recent, stale, almost] { XCTAssertTrue(store.save(Self.record(key))) }
        try Self.age(store.path(for: stale), days: 31)
        try Self.age(store.path(for: almost), days: 29)
        let staleName = String(store.path(for: stale).split(separator: "/").last ?? "")
        let foreign = ["notes.txt", staleName.uppercased(), "0" + staleName, staleName + ".tmp"]
        for name in foreign {
            try folder.write(name, "not a record")
            try Self.age(folder.url(name), days: 400)
        }

        store.removeUnused()
        XCTAssertNotNil(store.load(recent))
        XCTAssertNotNil(store.load(almost))
        XCTAssertNil(store.load(stale))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path(for: stale)))
        for name in foreign { XCTAssertTrue(FileManager.default.fileExists(atPath: folder.url(name)), name) }
        RunRecordStore(folder: folder.url("missing")).removeUnused()
    }

    func testARecordInUseIsKept() throws {
        let folder = try TemporaryFolder()
        let store = RunRecordStore(folder: folder.path)
        let key = RunRecord.Key(currentDirectory: "/work", projectDirectory: nil, connectors: nil)
        XCTAssertTrue(store.save(Self.record(key)))
        try Self.age(store.path(for: key), days: 45)
        store.markUsed(key)
        store.removeUnused()
        XCTAssertNotNil(store.load(key), "a run used it just now")
        try Self.age(store.path(for: key), days: 45)
        store.removeUnused()
        XCTAssertNil(store.load(key))
        store.markUsed(key)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path(for: key)), "marking does not create a record")
    }
}
