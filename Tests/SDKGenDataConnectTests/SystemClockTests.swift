import Foundation
import XCTest
@testable import SDKGenDataConnect

/// The real clock's timers: they fire, a cancelled one never does, and cancelling frees what the
/// timer holds at once instead of at its deadline (every request arms one for its timeout).
final class SystemClockTests: XCTestCase {
    func testATimerFiresAndACancelledOneDoesNot() async {
        let fired = Locked<[String]>([])
        let cancelled = SystemClock().schedule(after: 0.05) { fired.withLock { $0.append("cancelled") } }
        cancelled.cancel()
        _ = SystemClock().schedule(after: 0.1) { fired.withLock { $0.append("kept") } }
        let kept = await eventually(timeout: 30) { fired.value.contains("kept") }
        XCTAssertTrue(kept, "a timer fires")
        XCTAssertEqual(fired.value, ["kept"], "a cancelled timer, due earlier, never fires")
    }

    func testCancelledTimersHoldNoMemory() async throws {
        #if canImport(Glibc)
        let clock = SystemClock()
        // As requests do: timers armed, then cancelled before their deadline.
        func armAndCancel(_ count: Int) async {
            let timers = (0..<count).map { _ in clock.schedule(after: 3_600) {} }
            // Armed by now: a timer armed after them has fired.
            let marker = Locked(false)
            _ = clock.schedule(after: 0.02) { marker.withLock { $0 = true } }
            let armed = await eventually(timeout: 30) { marker.value }
            XCTAssertTrue(armed)
            for timer in timers { timer.cancel() }
        }
        // Dispatch's timer heap grows once to hold 500 timers.
        await armAndCancel(500)
        let before = try Self.bytesInUse()
        for _ in 0..<20 { await armAndCancel(500) }
        // Dispatch finishes a cancellation on the timer's queue, a moment later. A task in
        // `Task.sleep` kept about 700 bytes per cancelled timer until its deadline: 7 MB, for an hour.
        let released = await eventually(timeout: 30) { ((try? Self.bytesInUse()) ?? .max) - before < 1 << 20 }
        let held = try Self.bytesInUse() - before
        XCTAssertTrue(released, "10,000 cancelled timers still hold \(held) bytes")
        #else
        throw XCTSkip("reads glibc's malloc_info")
        #endif
    }

    #if canImport(Glibc)
    /// Bytes malloc has handed out and not had back (`malloc_info`'s system bytes less its free ones).
    private static func bytesInUse() throws -> Int {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("malloc-info-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let symbol = dlsym(nil, "malloc_info"), let file = fopen(path, "w") else { throw XCTSkip("no malloc_info") }
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32).self)(0, file)
        fclose(file)
        // The whole process's totals follow the last arena's `</heap>`.
        let totals = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "</heap>").last ?? ""
        func size(_ element: String) -> Int {
            guard let line = totals.split(separator: "\n").first(where: { $0.contains(element) }),
                  let start = line.range(of: "size=\"") else { return 0 }
            return Int(line[start.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        return size("<system type=\"current\"") - size("<total type=\"fast\"") - size("<total type=\"rest\"")
    }
    #endif
}
