import Foundation
import XCTest
@testable import SDKGenDataConnect

/// A response nesting to the parser's limit (512 levels) is parsed, decoded, cached, saved and read
/// back on threads of 512 KB, the stack Apple platforms give Swift concurrency's threads: the passes
/// over a value walk it with a stack of their own, stop normalizing at `ResultNormalizer.maximumDepth`,
/// or run on `LargeStack`. A debug build crashed from 140 levels on.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class DeepResponseTests: XCTestCase {
    private static let childVariable = "SDKGEN_DEEP_RESPONSE_CHILD"

    func testResponsesNestedToTheLimitOnSmallStacks() async throws {
        #if os(Linux)
        // Threads get 8 MB here: the test runs again in a child process whose threads get 512 KB.
        if ProcessInfo.processInfo.environment[Self.childVariable] == nil { return try runInChildWithSmallStacks() }
        #endif
        try await deepResponseIsCachedAndReadBack()
    }

    private func deepResponseIsCachedAndReadBack() async throws {
        // 506 levels; with the response object, `data` and `row`, the parser's 512. Kept in memory:
        // Foundation's encoder refuses a cache file nesting more than 512 levels.
        let deepest = try await fetch(levels: 506, storage: .memory)
        XCTAssertEqual(deepest.fetched.data?.row.props.description, deepest.props)
        XCTAssertEqual(deepest.cached.data?.row.props.description, deepest.props)

        // Saved to a file and read back by a new instance (as after a restart).
        let saved = try await fetch(levels: 200, storage: .persistent)
        XCTAssertEqual(saved.cached.source, .cache)
        XCTAssertEqual(saved.cached.data?.row.text, "deep")
        XCTAssertEqual(saved.cached.data?.row.props.description, saved.props)

        // With errors beside the data, the error carries the data as JSON text, which decodes, as
        // does the deep value itself.
        let server = StubServer()
        let value = Self.value(levels: 506)
        server.enqueue(.json(status: 200, body: "{\"data\": {\"row\": {\(Self.row), \"props\": \(value)}}, \"errors\": [{\"message\": \"partial\"}]}"))
        let dataConnect = try TestEnvironment.dataConnect(server)
        let error = try await expectError(DataConnectOperationError.self) { _ = try await query(dataConnect).execute() }
        let compact = value.replacingOccurrences(of: ": ", with: ":")
        XCTAssertTrue(error.response?.rawJsonData?.contains("\"props\":\(compact)") ?? false)
        let props = try XCTUnwrap(error.response?.data(asType: ScalarsData.self)?.row.props)
        XCTAssertEqual(props.description, compact)
        XCTAssertEqual(try props.decodeValue(AnyValue.self)?.description, compact)
        DataConnectApp.app(name: "app-\(server.projectID)")?.delete()
    }

    private static let row = """
        "text": "deep", "count": 1, "big": "1", "ratio": 0.25, "flag": true, "id": "\(Sample.uuidWire)", "day": "2024-02-29",
        "at": "2024-02-29T12:00:00Z", "ids": [], "bigs": [], "maybeId": null, "maybeBig": null
        """

    /// Objects and arrays nested `levels` deep around `1`.
    private static func value(levels: Int) -> String {
        String(repeating: "{\"a\": [", count: levels / 2) + "1" + String(repeating: "]}", count: levels / 2)
    }

    /// Fetches a row whose `props`, and a field the query did not select, nest `levels` levels, then
    /// reads it from the cache: from a new instance when the storage is persistent.
    private func fetch(levels: Int, storage: CacheSettings.Storage) async throws
        -> (fetched: OperationResult<ScalarsData>, cached: OperationResult<ScalarsData>, props: String)
    {
        let value = Self.value(levels: levels)
        let server = StubServer()
        server.enqueueData("{\"row\": {\(Self.row), \"props\": \(value), \"unselected\": \(value)}}")
        let directory = try temporaryDirectory()
        let settings = DataConnectSettings(cacheSettings: CacheSettings(storage: storage, maxAge: 3600))
        var dataConnect = try TestEnvironment.dataConnect(server, settings: settings, environment: RuntimeEnvironment(cacheDirectory: directory))
        let fetched = try await query(dataConnect).execute()
        if storage == .persistent {
            await dataConnect.backend.waitForPendingSaves()
            DataConnectApp.app(name: "app-\(server.projectID)")?.delete()
            dataConnect = try TestEnvironment.dataConnect(server, settings: settings, environment: RuntimeEnvironment(cacheDirectory: directory))
        }
        let cached = try await query(dataConnect).execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(server.requests.count, 1)
        DataConnectApp.app(name: "app-\(server.projectID)")?.delete()
        return (fetched, cached, value.replacingOccurrences(of: ": ", with: ":"))
    }

    private func query(_ dataConnect: DataConnect) -> QueryRefObservation<ScalarsData, NoVariables> {
        dataConnect.query(name: "Deep", variables: NoVariables(), resultsDataType: ScalarsData.self, publisher: .observableMacro)
            as! QueryRefObservation<ScalarsData, NoVariables>
    }

    #if os(Linux)
    /// Runs this test alone in the test executable, under `ulimit -s 512` (which sets the stack of
    /// every thread it starts), and fails with its output unless it passes.
    private func runInChildWithSmallStacks() throws {
        let executable = ProcessInfo.processInfo.arguments[0]
        try XCTSkipUnless(executable.hasSuffix(".xctest"), "the tests do not run from a test executable (\(executable))")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "ulimit -s 512 && exec \"$0\" \"$1\"", executable,
                           "SDKGenDataConnectTests.DeepResponseTests/testResponsesNestedToTheLimitOnSmallStacks"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: "1"]) { $1 }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("deep-response-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let log = try FileHandle(forWritingTo: output)
        child.standardOutput = log
        child.standardError = log
        let exited = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in exited.signal() }
        try child.run()
        if exited.wait(timeout: .now() + 120) == .timedOut {
            child.terminate()
            exited.wait()
        }
        try log.close()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        XCTAssertEqual(child.terminationReason, .exit, "the child crashed (signal \(child.terminationStatus)):\n\(text)")
        XCTAssertEqual(child.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), text)
    }
    #endif
}
