import Foundation
import SDKGenDataConnect
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `response [--megabytes N] [--runs K]`: one large query response (rows of ten fields of every
/// scalar kind, with entity ids as a `clientCache` connector gets them) served over loopback,
/// fetched and decoded by `URLSession` + `JSONDecoder` and by the runtime's `execute()` (with
/// an in-memory cache). Each client runs in its own process (`--client foundation|runtime PORT`)
/// so that its peak memory is its own; the server stays in this one.
struct ResponseBenchmark {
    private var megabytes = 60
    private var runs = 3
    private var client: (mode: String, port: Int)?

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--client", let mode = rest.popFirst(), let port = rest.popFirst().flatMap(Int.init) {
                client = (mode, port)
                continue
            }
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { throw UsageError(description: "\(flag) needs a positive number") }
            switch flag {
            case "--megabytes": megabytes = value
            case "--runs": runs = value
            default: throw UsageError(description: "unknown argument \(flag)")
            }
        }
    }

    func run() throws {
        if let client {
            try ResponseClient.run(mode: client.mode, port: client.port)
        }
        let body = Self.body(bytes: megabytes << 20)
        let server = try HTTPBodyServer(body: body)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-response-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        print(String(format: "response of %.1f MB (%d runs each, alternating; seconds, MiB)", Double(body.count) / 1e6, runs))
        for _ in 0..<runs {
            for mode in ["foundation", "runtime"] {
                let result = try ChildProcess.run(executable, ["response", "--client", mode, String(server.port)], output: output, errors: output)
                let report = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                guard result.status == 0 else { throw UsageError(description: "the \(mode) client failed: \(report)") }
                print("  \(mode.padding(to: 10)) \(report.trimmingCharacters(in: .whitespacesAndNewlines)), "
                    + String(format: "peak %.0f; process %.2f s wall, %.2f s CPU", Double(result.peakMemory) / 1024, result.seconds, result.cpuSeconds))
            }
        }
    }

    /// `{"data": {"rows": [...]}, "extensions": ...}` of about `bytes` bytes.
    static func body(bytes: Int) -> Data {
        var rows: [String] = []
        var ids: [String] = []
        var size = 0
        while size < bytes {
            let index = rows.count
            let row = "{\"id\":\"\(String(format: "%032x", index))\",\"title\":\"Title number \(index)\",\"subtitle\":\"A subtitle \\\"quoted\\\" \(index)\","
                + "\"year\":\(1950 + index % 70),\"rating\":\(Double(index % 50) / 10),\"available\":\(index % 2 == 0),"
                + "\"releaseDate\":\"2001-02-\(10 + index % 18)\",\"updatedAt\":\"2024-05-06T07:08:09.\(100 + index % 900)Z\","
                + "\"views\":\"\(index * 7919)\",\"tags\":[\"classic\",\"restored\"]}"
            rows.append(row)
            ids.append("\"Row:\(index)\"")
            size += row.utf8.count + 12
        }
        let text = "{\"data\":{\"rows\":[\(rows.joined(separator: ","))]},"
            + "\"extensions\":{\"dataConnect\":[{\"path\":[\"rows\"],\"entityIds\":[\(ids.joined(separator: ","))]}]}}"
        return Data(text.utf8)
    }
}

/// One row as sdkgen generates it: every field through `CodecHelper`.
struct BenchmarkRow: Decodable, Sendable {
    var id: UUID
    var title: String
    var subtitle: String
    var year: Int
    var rating: Double
    var available: Bool
    var releaseDate: LocalDate
    var updatedAt: Timestamp
    var views: Int64
    var tags: [String]

    init(from decoder: any Decoder) throws {
        var container = try decoder.container(keyedBy: BenchmarkField.self)
        let codecHelper = CodecHelper<BenchmarkField>()
        id = try codecHelper.decode(UUID.self, forKey: "id", container: &container)
        title = try codecHelper.decode(String.self, forKey: "title", container: &container)
        subtitle = try codecHelper.decode(String.self, forKey: "subtitle", container: &container)
        year = try codecHelper.decode(Int.self, forKey: "year", container: &container)
        rating = try codecHelper.decode(Double.self, forKey: "rating", container: &container)
        available = try codecHelper.decode(Bool.self, forKey: "available", container: &container)
        releaseDate = try codecHelper.decode(LocalDate.self, forKey: "releaseDate", container: &container)
        updatedAt = try codecHelper.decode(Timestamp.self, forKey: "updatedAt", container: &container)
        views = try codecHelper.decode(Int64.self, forKey: "views", container: &container)
        tags = try codecHelper.decode([String].self, forKey: "tags", container: &container)
    }
}

struct BenchmarkField: CodingKey, ExpressibleByStringLiteral, Sendable {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringLiteral stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

#if canImport(Glibc)
// glibc's `malloc_trim` (not in Swift's Glibc module): returns free heap pages to the system.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
#endif

private enum ResponseClient {
    struct RowsData: Decodable, Sendable {
        var rows: [BenchmarkRow]
    }

    struct Envelope: Decodable {
        var data: RowsData
    }

    struct NoVariables: OperationVariable {}

    /// Runs on the main queue's loop: `execute()` is main-actor isolated.
    static func run(mode: String, port: Int) throws -> Never {
        Task {
            do {
                print(mode == "foundation" ? try await foundation(port: port) : try await runtime(port: port))
                exit(0)
            } catch {
                print("failed: \(error)")
                exit(1)
            }
        }
        dispatchMain()
    }

    private static func foundation(port: Int) async throws -> String {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/")!)
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        let start = Stopwatch.now()
        var fetched = start
        // In a closure, so the body and the rows are released before the resident size is read.
        let rows = try await { () async throws -> Int in
            let (body, _) = try await URLSession.shared.data(for: request)
            fetched = Stopwatch.now()
            return try JSONDecoder().decode(Envelope.self, from: body).data.rows.count
        }()
        let decoded = Stopwatch.now()
        return String(format: "fetch %.2f + decode %.2f = %.2f s, %d rows, resident after release %@",
                      fetched - start, decoded - fetched, decoded - start, rows, resident())
    }

    private static func runtime(port: Int) async throws -> String {
        let app = try DataConnectApp.configure(name: "response-benchmark", options: DataConnectAppOptions(projectID: "benchmark"))
        let before = residentKiB()
        let start = Stopwatch.now()
        var done = start
        // In a closure, so that after `delete()` nothing holds the instance, the ref or its result.
        let rows = try await { () async throws -> Int in
            let dataConnect = DataConnect.dataConnect(
                app: app, connectorConfig: ConnectorConfig(serviceId: "bench", location: "local", connector: "rows"),
                settings: DataConnectSettings(host: "127.0.0.1", port: port, sslEnabled: false, cacheSettings: CacheSettings(storage: .memory)))
            let ref = dataConnect.query(name: "ListRows", variables: NoVariables(), resultsDataType: RowsData.self, publisher: .observableObject)
                as! QueryRefObservableObject<RowsData, NoVariables>
            let rows = try await ref.execute().data?.rows.count ?? 0
            done = Stopwatch.now()
            return rows
        }()
        app.delete()
        let untrimmed = Double(residentKiB()) / 1024
        #if canImport(Glibc)
        // The owner lets go of its query states when its inbox ends, just after `delete()`, and the
        // ref's pending main-actor update runs: wait (at most 2 s) for the memory to come back.
        let deleted = Stopwatch.now()
        var trimmed = trimmedResidentKiB()
        while trimmed > 2 * before, Stopwatch.now() - deleted < 2 {
            try await Task.sleep(nanoseconds: 10_000_000)
            trimmed = trimmedResidentKiB()
        }
        let released = String(format: "%.0f (trimmed %.0f, %.0f ms after delete())", untrimmed, Double(trimmed) / 1024,
                              (Stopwatch.now() - deleted) * 1000)
        #else
        let released = String(format: "%.0f", untrimmed)
        #endif
        return String(format: "execute %.2f s, %d rows, resident after release %@", done - start, rows, released)
    }

    #if canImport(Glibc)
    private static func trimmedResidentKiB() -> Int {
        _ = mallocTrim(0)
        return residentKiB()
    }
    #endif

    /// Resident MiB now, and (Linux) after glibc returns its free pages: `"88 (trimmed 40)"`.
    private static func resident() -> String {
        let now = Double(residentKiB()) / 1024
        #if canImport(Glibc)
        _ = mallocTrim(0)
        return String(format: "%.0f (trimmed %.0f)", now, Double(residentKiB()) / 1024)
        #else
        return String(format: "%.0f", now)
        #endif
    }

    /// Current resident set size in KiB (Linux `/proc/self/status`); 0 elsewhere.
    private static func residentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    }
}

/// Answers every HTTP request on 127.0.0.1 with `body` (status 200, JSON), one connection at a time.
private final class HTTPBodyServer: @unchecked Sendable {
    // @unchecked: immutable after init; the accept thread only reads.
    let port: Int
    private let socketFD: Int32
    private let body: Data

    init(body: Data) throws {
        self.body = body
        (socketFD, port) = try RealtimeLoopbackServer.listeningSocket()
        Thread { [self] in
            while case let connection = accept(socketFD, nil, nil), connection >= 0 {
                serve(connection)
                close(connection)
            }
        }.start()
    }

    /// Reads the request head and its `Content-Length` bytes, then sends the response.
    private func serve(_ fd: Int32) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            received += buffer[0..<count]
            guard let end = HTTPHead.end(in: received) else { continue }
            let head = String(decoding: received[..<end], as: UTF8.self).lowercased()
            let length = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if received.count >= end + 4 + length { break }
        }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        var sent = 0
        let response = Data(head.utf8) + body
        response.withUnsafeBytes { bytes in
            while sent < bytes.count {
                let count = send(fd, bytes.baseAddress! + sent, bytes.count - sent, 0)
                guard count > 0 else { return }
                sent += count
            }
        }
    }
}

/// Where an HTTP head ends.
private enum HTTPHead {
    static func end(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }
}
