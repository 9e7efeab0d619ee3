import Foundation
import SDKGenDataConnect
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `realtime [--subscriptions N] [--pushes K]`: the realtime stream over loopback with the
/// runtime's public API. Memory and CPU of N live subscriptions on one connection (each
/// answered with its initial result through the normalized cache), and push-to-callback
/// latency: a push carries its send time, the subscriber reads it when the decoded result
/// reaches its `for await`; then one changed entity republished to N other subscribed queries
/// that show it. The server runs in this process, so its cost is included.
struct RealtimeBenchmark {
    private struct ItemVariables: OperationVariable {
        var id: String
    }

    private struct ItemData: Decodable, Sendable {
        struct Item: Decodable, Sendable {
            var id: String
            var sentAt: UInt64
        }

        var item: Item?
    }

    private struct SharedData: Decodable, Sendable {
        var row: BenchmarkRow?
    }

    private var subscriptions = 1000
    private var pushes = 1000

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { throw UsageError(description: "\(flag) needs a positive number") }
            switch flag {
            case "--subscriptions": subscriptions = value
            case "--pushes": pushes = value
            default: throw UsageError(description: "unknown argument \(flag)")
            }
        }
    }

    private static func body(id: String, sentAt: UInt64) -> String {
        "{\"data\":{\"item\":{\"id\":\"\(id)\",\"sentAt\":\(sentAt)}},\"extensions\":{\"dataConnect\":[{\"path\":[\"item\"],\"entityId\":\"Item:\(id)\"}]}}"
    }

    /// The answer for the queries of the republish phase: all show the entity `Row:shared`.
    private static func sharedBody(title: String) -> String {
        "{\"data\":{\"row\":{\"id\":\"\(String(repeating: "ab", count: 16))\",\"title\":\"\(title)\",\"subtitle\":\"A subtitle\","
            + "\"year\":1999,\"rating\":4.5,\"available\":true,\"releaseDate\":\"2001-02-03\",\"updatedAt\":\"2024-05-06T07:08:09.123Z\","
            + "\"views\":\"1234567\",\"tags\":[\"classic\",\"restored\"]}},"
            + "\"extensions\":{\"dataConnect\":[{\"path\":[\"row\"],\"entityId\":\"Row:shared\"}]}}"
    }

    func run() throws {
        let server = try RealtimeLoopbackServer { id in
            id.hasPrefix("shared-") ? RealtimeBenchmark.sharedBody(title: "Original")
                : RealtimeBenchmark.body(id: id, sentAt: DispatchTime.now().uptimeNanoseconds)
        }
        let app = try DataConnectApp.configure(name: "realtime-benchmark", options: DataConnectAppOptions(projectID: "benchmark"))
        let dataConnect = DataConnect.dataConnect(
            app: app, connectorConfig: ConnectorConfig(serviceId: "bench", location: "local", connector: "items"),
            settings: DataConnectSettings(host: "127.0.0.1", port: server.port, sslEnabled: false, cacheSettings: CacheSettings(storage: .memory)))
        let subscriptions = self.subscriptions
        let pushes = self.pushes
        // The main queue keeps running during the measurement: the main-actor work the runtime
        // starts per push (a ref's observable state) is part of what a push costs.
        Task {
            print(await RealtimeBenchmark.measure(dataConnect, server: server, subscriptions: subscriptions, pushes: pushes))
            exit(0)
        }
        dispatchMain()
    }

    private static func ref(_ dataConnect: DataConnect, id: String) -> QueryRefObservableObject<ItemData, ItemVariables> {
        dataConnect.query(name: "GetItem", variables: ItemVariables(id: id), resultsDataType: ItemData.self, publisher: .observableObject)
            as! QueryRefObservableObject<ItemData, ItemVariables>
    }

    private static func measure(_ dataConnect: DataConnect, server: RealtimeLoopbackServer, subscriptions: Int, pushes: Int) async -> String {
        // Warm up: one subscription opens the connection and loads the code paths.
        let warm = try! await ref(dataConnect, id: "warm").subscribeStream()
        var warmIterator = warm.makeAsyncIterator()
        _ = await warmIterator.next()

        let memoryBefore = residentKiB()
        let cpuBefore = cpuSeconds()
        let wallBefore = DispatchTime.now().uptimeNanoseconds
        let arrived = Counter()
        var streams: [QueryResultStream<ItemData>] = []
        var consumers: [Task<Void, Never>] = []
        for index in 0..<subscriptions {
            let stream = try! await ref(dataConnect, id: "item-\(index)").subscribeStream()
            streams.append(stream)
            consumers.append(Task {
                for await _ in stream { arrived.increment() }
            })
        }
        while arrived.value < subscriptions { try? await Task.sleep(nanoseconds: 1_000_000) }
        let subscribeWall = Double(DispatchTime.now().uptimeNanoseconds - wallBefore) / 1e9
        let subscribeCPU = cpuSeconds() - cpuBefore
        let memoryAfter = residentKiB()

        // Idle: keepalive only.
        let idleCPUBefore = cpuSeconds()
        try? await Task.sleep(nanoseconds: 2_000_000_000)
        let idleCPU = cpuSeconds() - idleCPUBefore

        // One push to every subscription.
        let fanOutStart = DispatchTime.now().uptimeNanoseconds
        let fanOutCPUBefore = cpuSeconds()
        let target = arrived.value + subscriptions
        for index in 0..<subscriptions {
            server.push(id: "item-\(index)", body: body(id: "item-\(index)", sentAt: DispatchTime.now().uptimeNanoseconds))
        }
        while arrived.value < target { try? await Task.sleep(nanoseconds: 1_000_000) }
        let fanOutWall = Double(DispatchTime.now().uptimeNanoseconds - fanOutStart) / 1e9
        let fanOutCPU = cpuSeconds() - fanOutCPUBefore

        // Latency: one push at a time to one subscription.
        var latencies: [Double] = []
        for index in 0..<pushes {
            server.push(id: "warm", body: body(id: "warm", sentAt: DispatchTime.now().uptimeNanoseconds))
            guard case .success(let result)? = await warmIterator.next(), let sentAt = result.data?.item?.sentAt else { continue }
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - sentAt) / 1000)
            if index == 0 { latencies.removeAll() }
        }
        latencies.sort()
        func percentile(_ p: Double) -> Double { latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }

        // Republish: `subscriptions` + 1 queries show the same entity; a push to one of them changes
        // it. First with no subscriber task waiting (the runtime's work alone, CPU over a window),
        // then with one waiting per query (until the last has the change).
        var sharedStreams: [QueryResultStream<SharedData>] = []
        var iterators: [QueryResultStream<SharedData>.AsyncIterator] = []
        for index in 0...subscriptions {
            let ref = dataConnect.query(
                name: "GetShared", variables: ItemVariables(id: "shared-\(index)"), resultsDataType: SharedData.self, publisher: .observableObject)
            let stream = try! await (ref as! QueryRefObservableObject<SharedData, ItemVariables>).subscribeStream()
            sharedStreams.append(stream)
            iterators.append(stream.makeAsyncIterator())
            _ = await iterators[index].next()
        }
        let windowCPUBefore = cpuSeconds()
        server.push(id: "shared-0", body: sharedBody(title: "Changed"))
        try? await Task.sleep(nanoseconds: 500_000_000)
        let republishAloneCPU = cpuSeconds() - windowCPUBefore - idleCPU / 4
        var republished = 0
        for index in iterators.indices {
            if case .success(let result)? = await iterators[index].next(), result.data?.row?.title == "Changed" { republished += 1 }
        }
        let changed = Counter()
        for stream in sharedStreams {
            consumers.append(Task {
                for await element in stream {
                    if case .success(let result) = element, result.data?.row?.title == "Again" { changed.increment() }
                }
            })
        }
        try? await Task.sleep(nanoseconds: 100_000_000)
        let republishStart = DispatchTime.now().uptimeNanoseconds
        let republishCPUBefore = cpuSeconds()
        server.push(id: "shared-0", body: sharedBody(title: "Again"))
        while changed.value <= subscriptions { try? await Task.sleep(nanoseconds: 100_000) }
        let republishWall = Double(DispatchTime.now().uptimeNanoseconds - republishStart) / 1e9
        let republishCPU = cpuSeconds() - republishCPUBefore

        for stream in streams { stream.cancel() }
        for stream in sharedStreams { stream.cancel() }
        for consumer in consumers { await consumer.value }
        warm.cancel()

        let memory = (memoryAfter ?? 0) - (memoryBefore ?? 0)
        return """
            realtime over loopback (\(subscriptions) subscriptions on one connection, server in-process)
              subscribe \(subscriptions) + initial results: \(format(subscribeWall * 1000)) ms wall, \(format(subscribeCPU * 1000)) ms CPU
              resident memory: +\(memory) KiB for \(subscriptions) live subscriptions (\(format(Double(memory) * 1024 / Double(subscriptions))) B each; \
            before \(memoryBefore ?? 0) KiB, after \(memoryAfter ?? 0) KiB)
              idle CPU with \(subscriptions) live subscriptions: \(format(idleCPU * 1000)) ms over 2 s
              one push to each subscription: \(format(fanOutWall * 1000)) ms wall, \(format(fanOutCPU * 1000)) ms CPU \
            (\(format(fanOutCPU * 1e6 / Double(subscriptions))) µs CPU per push)
              push-to-callback latency over \(latencies.count) pushes: p50 \(format(percentile(0.5))) µs, \
            p90 \(format(percentile(0.9))) µs, p99 \(format(percentile(0.99))) µs, max \(format(latencies.last ?? .nan)) µs
              one changed entity (10 fields) republished to \(subscriptions) other subscribed queries \
            (\(republished - 1) of them checked): \(format(republishAloneCPU * 1000)) ms CPU with no subscriber task waiting; \
            with one waiting per query \(format(republishWall * 1000)) ms wall, \(format(republishCPU * 1000)) ms CPU (push to the last delivery)
            """
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// Current resident set size in KiB (Linux `/proc/self/status`); `nil` elsewhere.
    private static func residentKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// A counter shared by the consumer tasks.
private final class Counter: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
