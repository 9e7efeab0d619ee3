import Foundation
import XCTest
@testable import SDKGenDataConnect

/// Persistent stores hold a user's query results: folder and files are the owner's only, and
/// what interrupted writes leave behind is cleaned up.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class CachePrivacyTests: XCTestCase {
    private let scope = CacheScope(appName: "a", projectID: "p", connector: TestEnvironment.connector, endpoint: "h:1", user: "anon")

    func testAStoreIsWrittenOwnerOnlyIntoAnOwnerOnlyFolder() async throws {
        let base = try temporaryDirectory()
        let directory = base.appendingPathComponent(CacheDirectory.folderName, isDirectory: true)
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(
            server, settings: DataConnectSettings(cacheSettings: CacheSettings()), environment: RuntimeEnvironment(cacheDirectory: directory))
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien()])))
        _ = try await CacheRefs.list(dataConnect).execute()
        await dataConnect.backend.waitForPendingSaves()

        XCTAssertEqual(try mode(base), "700", "created parents are private too, as the XDG spec asks")
        XCTAssertEqual(try mode(directory), "700")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(files.count, 1, "no temporary file is left: \(files)")
        XCTAssertEqual(try mode(directory.appendingPathComponent(try XCTUnwrap(files.first))), "600")
    }

    func testOpeningAStoreTightensAnOlderFolderAndFile() async throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent(scope.fileName)
        try await savedStore(in: directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)

        let loaded = await CacheFile.load(scope: scope, directory: directory, now: Date(), warn: { XCTFail($0) })
        XCTAssertEqual(loaded?.queries.count, 1)
        XCTAssertEqual(try mode(directory), "700")
        XCTAssertEqual(try mode(file), "600")
    }

    func testOpeningAStoreRemovesStaleTemporaryFilesOnly() async throws {
        let directory = try temporaryDirectory()
        try await savedStore(in: directory)
        let now = ManualClock.start
        let old = now - CacheDirectory.staleTemporaryAge
        let young = now - CacheDirectory.staleTemporaryAge + 1
        let planted: [(name: String, modified: Date)] = [
            (".dat.nosync1c2f.Xb41Qa", old),  // left by Data.write(options: .atomic) of earlier versions
            (".\(scope.fileName).0F6E1D2C-7B8A-4C5D-9E0F-A1B2C3D4E5F6.tmp", old),
            (".\(scope.fileName).11111111-2222-3333-4444-555555555555.tmp", young),  // a save in progress elsewhere
            ("notes.tmp", old),  // not the runtime's
        ]
        for file in planted {
            let path = directory.appendingPathComponent(file.name).path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
            try FileManager.default.setAttributes([.modificationDate: file.modified], ofItemAtPath: path)
        }

        let loaded = await CacheFile.load(scope: scope, directory: directory, now: now, warn: { XCTFail($0) })
        XCTAssertEqual(loaded?.queries.count, 1)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        XCTAssertEqual(left, [scope.fileName, planted[2].name, planted[3].name])
    }

    func testLoadingFromAMissingFolderCreatesNothing() async throws {
        let directory = try temporaryDirectory()
        let loaded = await CacheFile.load(scope: scope, directory: directory, now: Date(), warn: { XCTFail($0) })
        XCTAssertNil(loaded)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
    }

    func testAFailedWriteIsAWarningAndLeavesNoTemporaryFile() async throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A folder where the store file should go makes the rename fail.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent(scope.fileName).appendingPathComponent("occupied"), withIntermediateDirectories: true)
        let log = WarningLog()
        await CacheFile(store: CacheStore(scope: scope)).save(in: directory, fileName: scope.fileName, warn: log.warn)
        let warnings = log.all
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.hasPrefix("cannot write the cache file \(scope.fileName)") ?? false, "\(warnings)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [scope.fileName])
    }

    private func savedStore(in directory: URL) async throws {
        let store = CacheStore(scope: scope)
        _ = store.write(key: "q", data: .object(["a": .int(1)]), extensions: nil, requestStamp: QueryStamp.next(), now: Date(), maxBytes: 1 << 20)
        await CacheFile(store: store).save(in: directory, fileName: scope.fileName, warn: { XCTFail($0) })
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent(scope.fileName).path))
    }

    /// The permission bits in octal, as `ls` and `chmod` write them.
    private func mode(_ url: URL) throws -> String {
        String(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int), radix: 8)
    }
}
