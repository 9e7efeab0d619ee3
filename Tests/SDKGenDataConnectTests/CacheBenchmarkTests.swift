import Foundation
import XCTest
@testable import SDKGenDataConnect

/// Cost of the cache, printed, never asserted on time. Opt in with
/// `SDKGEN_RUNTIME_BENCH=1 swift test --filter CacheBenchmarkTests` (use `-c release` for
/// representative numbers).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class CacheBenchmarkTests: XCTestCase {
    /// One row of ten fields, as a typical list screen selects them.
    struct Row: Decodable, Sendable {
        var id: String
        var title: String
        var subtitle: String
        var year: Int
        var rating: Double
        var available: Bool
        var genre: String
        var releaseDate: String
        var views: Int
        var tags: [String]
    }

    struct RowsData: Decodable, Sendable {
        var rows: [Row]
    }

    struct OneRowData: Decodable, Sendable {
        var row: Row?
    }

    override func setUpWithError() throws {
        if ProcessInfo.processInfo.environment["SDKGEN_RUNTIME_BENCH"] != "1" {
            throw XCTSkip("set SDKGEN_RUNTIME_BENCH=1 to run the cache benchmarks")
        }
    }

    private static func rowJSON(_ index: Int, title: String? = nil) -> String {
        """
        {"id": "\(String(format: "%032x", index))", "title": "\(title ?? "Title number \(index)")", \
        "subtitle": "A subtitle of some length \(index)", "year": \(1950 + index % 70), "rating": \(Double(index % 50) / 10), \
        "available": \(index % 2 == 0), "genre": "Drama", "releaseDate": "2001-02-03", "views": \(index * 17), \
        "tags": ["classic", "restored"]}
        """
    }

    private static func rowsResponse(_ count: Int) throws -> ServerResponse {
        let rows = (0..<count).map { rowJSON($0) }.joined(separator: ",")
        let ids = (0..<count).map { "\"Row:\($0)\"" }.joined(separator: ",")
        return try ServerResponse.parse(
            body: Data("{\"data\": {\"rows\": [\(rows)]}, \"extensions\": {\"dataConnect\": [{\"path\": [\"rows\"], \"entityIds\": [\(ids)]}]}}".utf8),
            statusCode: 200)
    }

    private static func oneRowResponse(_ index: Int, entity: Int, title: String? = nil) throws -> ServerResponse {
        try ServerResponse.parse(
            body: Data("{\"data\": {\"row\": \(rowJSON(index, title: title))}, \"extensions\": {\"dataConnect\": [{\"path\": [\"row\"], \"entityId\": \"Row:\(entity)\"}]}}".utf8),
            statusCode: 200)
    }

    private func measure(_ label: String, iterations: Int, _ body: () async throws -> Void) async rethrows {
        var samples: [Double] = []
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            try await body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000)
        }
        samples.sort()
        print(String(format: "bench %@: median %.1f µs, min %.1f µs (%d runs)", label, samples[samples.count / 2], samples[0], iterations))
    }

    private func rowsRef(_ dataConnect: DataConnect, name: String) -> QueryRefObservation<RowsData, NoVariables> {
        dataConnect.query(name: name, variables: NoVariables(), resultsDataType: RowsData.self, publisher: .observableMacro)
            as! QueryRefObservation<RowsData, NoVariables>
    }

    func testCachedReads() async throws {
        let dataConnect = try TestEnvironment.dataConnect(
            StubServer(), settings: DataConnectSettings(cacheSettings: CacheSettings(storage: .memory, maxAge: 3600)))
        let scope = try XCTUnwrap(dataConnect.backend.cacheScope(authToken: nil))
        for count in [1, 1_000] {
            let ref = rowsRef(dataConnect, name: "Rows\(count)")
            let response = try Self.rowsResponse(count)
            let core = ref.core
            _ = await core.receive(try response.decode(RowsData.self, operationName: "Rows"), response: response, requestStamp: QueryStamp.next())
            let key = try XCTUnwrap(core.cacheKey)

            // Cold: rebuild the JSON from the records and decode it (first read after a restart).
            try await measure("cold cached read, \(count) rows (denormalize + decode)", iterations: count == 1 ? 2_000 : 30) {
                let read = await dataConnect.backend.cacheRead(scope: scope, key: key)
                XCTAssertNotNil(read)
                let rows = try XCTUnwrap(try ServerResponse.decode(RowsData.self, from: read?.data)).rows
                XCTAssertEqual(rows.count, count)
            }
            // Warm: execute(.preferCache) on a ref that already shows this cache state.
            var samples: [Double] = []
            for _ in 0..<(count == 1 ? 2_000 : 300) {
                let start = DispatchTime.now().uptimeNanoseconds
                let result = try await ref.execute(fetchPolicy: .preferCache)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000)
                XCTAssertEqual(result.source, .cache)
            }
            samples.sort()
            print(String(format: "bench warm execute(.preferCache), %d rows: median %.1f µs", count, samples[samples.count / 2]))
        }
    }

    func testRepublishToSubscribers() async throws {
        for subscribers in [1, 100, 1_000] {
            let dataConnect = try TestEnvironment.dataConnect(
                StubServer(), settings: DataConnectSettings(cacheSettings: CacheSettings(storage: .memory, maxAge: 3600)))
            var streams: [QueryResultStream<OneRowData>] = []
            var cores: [QueryCore<OneRowData, MovieVariables>] = []
            for index in 0...subscribers {
                let ref = dataConnect.query(
                    name: "GetRow", variables: MovieVariables(id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", index))!),
                    resultsDataType: OneRowData.self, publisher: .observableMacro) as! QueryRefObservation<OneRowData, MovieVariables>
                let response = try Self.oneRowResponse(0, entity: 0)
                _ = await ref.core.receive(try response.decode(OneRowData.self, operationName: "GetRow"), response: response, requestStamp: QueryStamp.next())
                cores.append(ref.core)
            }
            // Every query but the writer shows the same entity and has a subscriber.
            for core in cores.dropFirst() {
                streams.append(await core.subscribe())
            }
            var iterators = streams.map { $0.makeAsyncIterator() }
            for index in iterators.indices { _ = await iterators[index].next() }

            let writer = cores[0]
            let response = try Self.oneRowResponse(0, entity: 0, title: "Changed")
            let decoded = try response.decode(OneRowData.self, operationName: "GetRow")
            let start = DispatchTime.now().uptimeNanoseconds
            _ = await writer.receive(decoded, response: response, requestStamp: QueryStamp.next())
            let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000
            print(String(format: "bench republish to %d subscribers: %.0f µs (%.1f µs each)", subscribers, micros, micros / Double(subscribers)))
            for index in iterators.indices {
                guard case .success(let result)? = await iterators[index].next() else { return XCTFail("no republish") }
                XCTAssertEqual(result.data?.row?.title, "Changed")
            }
            streams.forEach { $0.cancel() }
        }
    }

    func testStoreSizeOfAThousandRowsOfTenFields() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let dataConnect = try TestEnvironment.dataConnect(
            StubServer(), settings: DataConnectSettings(cacheSettings: CacheSettings()), environment: RuntimeEnvironment(cacheDirectory: directory))
        let response = try Self.rowsResponse(1_000)
        let ref = rowsRef(dataConnect, name: "Rows")
        let decoded = try response.decode(RowsData.self, operationName: "Rows")
        let start = DispatchTime.now().uptimeNanoseconds
        _ = await ref.core.receive(decoded, response: response, requestStamp: QueryStamp.next())
        let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000
        await dataConnect.backend.waitForPendingSaves()
        let scope = try XCTUnwrap(dataConnect.backend.cacheScope(authToken: nil))
        let file = directory.appendingPathComponent(scope.fileName)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        let responseSize = try XCTUnwrap(response.data).encoded().count
        print("bench 1,000 rows x 10 fields: response data \(responseSize) bytes, file \(size) bytes, "
            + "estimate \(await dataConnect.backend.cacheEstimatedSize(scope: scope)) bytes; write (normalize + store) \(Int(micros)) µs")
        let loadStart = DispatchTime.now().uptimeNanoseconds
        let loaded = await CacheFile.load(scope: scope, directory: directory, now: Date(), warn: { XCTFail($0) })
        print(String(format: "bench load of that file: %.1f ms", Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1_000_000))
        XCTAssertEqual(loaded?.entities.count, 1_000)
    }
}

