import Foundation
import XCTest
@testable import SDKGenDataConnect
import TestSupport

/// The slow tier's soak (docs/testing.md): 1,000 streamed subscriptions against the loopback
/// server while it injects a seeded random fault every 100 ms for 30 s and changes its data
/// from outside. Real time (it is a soak); every wait is bounded and waits on a condition.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class RuntimeSoakTests: XCTestCase {
    private static let subscriptions = 1_000
    private static let faultPeriod: TimeInterval = 30
    private static let faultInterval: UInt64 = 100_000_000
    /// Memory is measured from the end of the warm-up: subscribed, first results shown, and this long of faults.
    private static let warmUp: TimeInterval = 5
    private static let allowedGrowth = 5 << 20
    /// Movies the server changes per fault tick.
    private static let changesPerTick = 5

    private enum Fault: CaseIterable {
        case close1000, close1001, close1011, reset, garbage, refusedUpgrade, silence
    }

    /// Not an async test: XCTest on Linux awaits one by running the main run loop in 0.1 s steps,
    /// each arming and cancelling a Dispatch timer on `user-initiated-qos.overcommit`; that
    /// trickle starts workers and keeps them from retiring (docs/testing.md). A blocked main thread arms none.
    func testAThousandSubscriptionsSurviveAFaultEvery100msAndEndWithTheServersValues() throws {
        let outcome = Locked<Result<Void, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<Void, any Error>
            do { result = .success(try await RuntimeSoakTests.soak()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + 900) == .success else { return XCTFail("the soak did not end within 15 minutes") }
        try outcome.withLock { $0 }?.get()
    }

    private static func soak() async throws {
        let count = Self.subscriptions
        let server = try StreamTestServer(framing: .production)
        defer { server.stop() }
        let world = SoakWorld(count: count)
        server.answerSubscribeRequests { world.body(for: $0) }
        server.answerRESTRequests { world.body(for: $0) }
        let jitter = Locked(SplitMix(seed: 0x5EED_0031))
        let options = DataConnectAppOptions(projectID: "soak-project", googleAppID: "1:123:ios:abc", requestTimeout: 10)
        let app = try DataConnectApp.configure(name: "soak-\(UUID().uuidString)", options: options)
        let dataConnect = DataConnect.dataConnect(
            app: app, connectorConfig: TestEnvironment.connector,
            settings: DataConnectSettings(host: "127.0.0.1", port: server.port, sslEnabled: false, cacheSettings: CacheSettings(storage: .memory)),
            callerSDKType: .base,
            environment: RuntimeEnvironment(
                cacheDirectory: TestEnvironment.cacheDirectory, random: { jitter.withLock { $0.unit() } },
                streamPolicy: StreamPolicy(idleClose: 1)))

        // Warm the process's pools (Dispatch, the cooperative pool) before counting threads.
        _ = try await CacheRefs.movie(dataConnect, id: SoakWorld.id(count)).core.execute(fetchPolicy: .serverOnly)
        let threadsBefore = Self.threadCount()

        let shown = Locked([String?](repeating: nil, count: count))
        let ended = Locked(0)
        var streams: [QueryResultStream<MovieData>] = []
        for index in 0..<count {
            let stream = try await CacheRefs.movie(dataConnect, id: SoakWorld.id(index)).subscribeStream()
            streams.append(stream)
            Task {
                for await element in stream {
                    if case .success(let result) = element, let title = result.data?.movie?.title {
                        shown.withLock { $0[index] = title }
                    }
                }
                ended.withLock { $0 += 1 }
            }
        }
        let firstShown = await eventually(timeout: 120) { shown.withLock { $0.allSatisfy { $0 != nil } } }
        XCTAssertTrue(firstShown, "every subscription shows data before the faults start: \(shown.withLock { $0.filter { $0 == nil }.count }) still empty")

        var random = SplitMix(seed: 31)
        var silent = false
        var faults: [Fault: Int] = [:]
        var rssAfterWarmUp: Int?
        var serverMessages = (warmUp: 0, end: 0)
        var restRequests = 0
        let start = Date()
        while Date().timeIntervalSince(start) < Self.faultPeriod {
            try await Task.sleep(nanoseconds: Self.faultInterval)
            let changed = world.change((0..<Self.changesPerTick).map { _ in random.index(below: count) })
            server.pushToAllRequests { world.body(for: $0, onlyIn: changed) }
            let fault = Fault.allCases[random.index(below: Fault.allCases.count)]
            faults[fault, default: 0] += 1
            silent = Self.inject(fault, into: server, world: world, wasSilent: silent)
            server.forgetClosedConnections()
            restRequests += server.takeRESTRequestCount()
            if rssAfterWarmUp == nil, Date().timeIntervalSince(start) >= Self.warmUp {
                // Sampled in the state of the end: the fault ended and every query subscribed on the
                // server's newest connection, which records each message (docs/testing.md).
                silent = Self.inject(nil, into: server, world: world, wasSilent: silent)
                _ = await eventually(timeout: 60) { Self.subscribedOnNewest(server) >= count }
                (rssAfterWarmUp, serverMessages.warmUp) = (Self.residentBytes(), Self.heldMessages(server))
                Self.printMemoryStats("after the warm-up")
            }
        }

        // The faults end; the server answers again.
        let faultsEnded = Date()
        _ = Self.inject(nil, into: server, world: world, wasSilent: silent)
        let expected = world.titles
        let consistent = await eventually(timeout: 180) { shown.withLock { $0 } == expected }
        let consistencyTime = Date().timeIntervalSince(faultsEnded)
        let stale = shown.withLock { shown in zip(shown, expected).filter { $0.0 != $0.1 }.count }
        XCTAssertTrue(consistent, "\(stale) of \(count) subscribers do not show the server's final values 180 s after the faults ended")
        // Dispatch's idle workers retire after 5 s without work; polling slowly lets them.
        let settled = await Self.threadsSettle(atMost: threadsBefore.map { $0 + 2 })
        // As at the warm-up's sample: the server keeps no closed connection's messages.
        server.forgetClosedConnections()
        restRequests += server.takeRESTRequestCount()
        let rssAtEnd = Self.residentBytes()
        serverMessages.end = Self.heldMessages(server)
        Self.printMemoryStats("at the end")

        for stream in streams { stream.cancel() }
        streams = []
        let backend = dataConnect.backend
        let released = await eventually(timeout: 30) {
            let (streamed, live) = (await backend.streamSubscriptionCount, await backend.liveQueryCount)
            return streamed == 0 && live == 0 && ended.withLock { $0 } == count && server.connections.allSatisfy(\.isClosed)
        }
        let (streamed, live) = (await backend.streamSubscriptionCount, await backend.liveQueryCount)
        XCTAssertTrue(released, "after the last subscription: \(ended.withLock { $0 }) of \(count) sequences ended, "
            + "\(streamed) stream subscriptions, \(live) live queries, "
            + "\(server.connections.filter { !$0.isClosed }.count) connections open")
        _ = await Self.threadsSettle(atMost: threadsBefore)
        let threadsAfter = Self.threadCount()
        if let threadsBefore { XCTAssertLessThanOrEqual(threadsAfter ?? .max, threadsBefore, "threads left behind: \(Self.threadNames())") }
        let growth = rssAfterWarmUp.flatMap { before in rssAtEnd.map { $0 - before } }
        if let growth { XCTAssertLessThanOrEqual(growth, Self.allowedGrowth, "resident memory grew after the warm-up") }
        print("""
            RuntimeSoakTests: \(count) subscriptions, faults \(faults.sorted { "\($0.key)" < "\($1.key)" }.map { "\($0.key)×\($0.value)" }), \
            \(restRequests) REST requests; final values after \(String(format: "%.2f", consistencyTime)) s; \
            resident memory \(rssAfterWarmUp.map { "\($0 >> 10)" } ?? "?") KiB after warm-up, \(rssAtEnd.map { "\($0 >> 10)" } ?? "?") KiB at the end \
            (growth \(growth.map { "\($0 >> 10)" } ?? "?") KiB, \(settled.map(String.init) ?? "?") threads then; \
            the server held \(serverMessages.warmUp) messages then, \(serverMessages.end) at the end); threads \(threadsBefore.map(String.init) ?? "?") before, \(threadsAfter.map(String.init) ?? "?") after
            """)
    }

    /// Ends the previous fault's mode (a silent server catches up on what it held back) and injects `fault`; returns whether the server is now silent.
    private static func inject(_ fault: Fault?, into server: StreamTestServer, world: SoakWorld, wasSilent: Bool) -> Bool {
        server.refuseUpgrades(status: nil)
        if wasSilent {
            server.setSilent(false)
            server.pushToAllRequests { world.body(for: $0) }
        }
        let open = server.connections.last { !$0.isClosed }
        switch fault {
        case .close1000?: open?.sendClose(code: 1000)
        case .close1001?: open?.sendClose(code: 1001)
        case .close1011?: open?.sendClose(code: 1011)
        case .reset?: open?.resetMidFrame()
        case .garbage?: open?.write([0xF3, 0x05, 1, 2, 3, 4, 5])
        case .refusedUpgrade?: server.refuseUpgrades(status: 503)
        case .silence?: server.setSilent(true)
        case nil: break
        }
        return fault == .silence
    }

    /// The distinct queries subscribed on the server's newest connection.
    private static func subscribedOnNewest(_ server: StreamTestServer) -> Int {
        Set(server.connections.last?.messages.compactMap { $0["subscribe"]?["variables"]?["id"]?.stringValue } ?? []).count
    }

    /// The messages the server keeps recorded for its connections.
    private static func heldMessages(_ server: StreamTestServer) -> Int {
        server.connections.reduce(0) { $0 + $1.messages.count }
    }

    /// Waits (bounded) until the process has at most `limit` threads; returns the count then.
    private static func threadsSettle(atMost limit: Int?) async -> Int? {
        if let limit { _ = await eventually(timeout: 60, interval: 1) { (threadCount() ?? 0) <= limit } }
        return threadCount()
    }

    /// Threads of this process (`nil` where `/proc` is missing).
    private static func threadCount() -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count
    }

    /// How many threads of each name this process has, for failure messages.
    private static func threadNames() -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.reduce(into: [:]) { names, task in
            let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "?"
            names[name.trimmingCharacters(in: .whitespacesAndNewlines), default: 0] += 1
        }
    }

    /// Prints glibc's `malloc_stats` (to stderr): per arena, bytes taken from the system and in use,
    /// which tells memory still referenced from memory freed but kept by the arenas; and the
    /// resident memory split into anonymous and file-backed pages, which tells malloc's share.
    private static func printMemoryStats(_ label: String) {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_stats") else { return }
        FileHandle.standardError.write(Data("RuntimeSoakTests: malloc_stats \(label):\n".utf8))
        unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
        let rollup = (try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8)) ?? ""
        let split = rollup.split(separator: "\n")
            .filter { ["Rss:", "Pss_Anon:", "Pss_File:"].contains($0.split(separator: " ").first ?? "") }
        FileHandle.standardError.write(Data("RuntimeSoakTests: \(label): \(split.joined(separator: ", "))\n".utf8))
        #endif
    }

    /// Resident memory in bytes (`nil` where `/proc` is missing).
    private static func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// The server's data: one movie per subscription, changed from outside.
private final class SoakWorld: Sendable {
    private let state: Locked<[String]>

    init(count: Int) {
        state = Locked((0..<count).map { "Movie \($0) v0" })
    }

    static func id(_ index: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", index + 1))!
    }

    private static func index(ofWire wire: String) -> Int? {
        Int(wire, radix: 16).map { $0 - 1 }
    }

    var titles: [String?] { state.withLock { $0 } }

    /// Gives each movie of `indices` a new title; returns the set changed.
    func change(_ indices: [Int]) -> Set<Int> {
        state.withLock { titles in
            for index in indices {
                let version = Int(titles[index].split(separator: "v").last ?? "0") ?? 0
                titles[index] = "Movie \(index) v\(version + 1)"
            }
        }
        return Set(indices)
    }

    /// The `GetMovie` body for a request's `variables.id` (a subscribe or a REST request), if it is one of `onlyIn`.
    func body(for request: JSONValue, onlyIn: Set<Int>? = nil) -> String? {
        guard let wire = request["variables"]?["id"]?.stringValue, let index = Self.index(ofWire: wire),
              onlyIn?.contains(index) ?? true else { return nil }
        let title = state.withLock { $0.indices.contains(index) ? $0[index] : "Movie \(index) v0" }
        return CacheSample.single(CacheSample.Movie(uuidWire: wire, title: title))
    }
}

/// Draws for the soak: fault kinds, changed movies and backoff jitter.
extension SplitMix {
    mutating func index(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
