#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timing and memory readings for the benchmarks (named apart from Foundation.Measurement).
enum Stopwatch {
    /// The process's own peak resident set size in KiB from /proc/self/status (`VmHWM`), on Linux.
    /// Unlike `ru_maxrss` it starts afresh at exec, so it leaves out a launcher such as
    /// `swift run`, which execs the benchmark and whose peak `ru_maxrss` keeps.
    static func ownPeakMemoryKiB() -> Int? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                return Int(text.dropFirst(6).filter(\.isNumber))
            }
        }
        return nil
    }

    /// A monotonic clock reading in seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Peak resident set size as `getrusage` reports it (KiB on Linux, bytes on macOS).
    static func peakMemory() -> (value: Int, unit: String) {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return (Int(usage.ru_maxrss), "bytes")
        #else
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return (Int(usage.ru_maxrss), "KiB")
        #endif
    }

    /// The best time of one call of `body` over `runs` calls after a warm-up. Each result is
    /// freed before the next call starts the clock: sdkgen's one-shot runs keep their results until
    /// the process exits, so freeing them is not part of a stage's cost.
    static func bestTime<Result>(runs: Int, _ body: () throws -> Result) rethrows -> Double {
        var result: Result? = try body()
        var best = Double.infinity
        for _ in 0..<runs {
            result = nil
            let start = now()
            result = try body()
            best = min(best, now() - start)
        }
        withExtendedLifetime(result) {}
        return best
    }

    /// The best time for one call of `body`, over `runs` runs of `iterations` calls each, after one
    /// warm-up run.
    static func bestTime(runs: Int, iterations: Int, _ body: () throws -> Int) rethrows -> (seconds: Double, sink: Int) {
        var sink = 0
        for _ in 0..<iterations { sink &+= try body() }
        var best = Double.infinity
        for _ in 0..<runs {
            let start = now()
            for _ in 0..<iterations { sink &+= try body() }
            best = min(best, (now() - start) / Double(iterations))
        }
        return (best, sink)
    }

    /// How many calls of `body` make a run of roughly `target` seconds (at least one).
    static func iterations(target: Double, _ body: () throws -> Int) rethrows -> Int {
        let start = now()
        _ = try body()
        let once = max(now() - start, 1e-6)
        return max(1, Int(target / once))
    }
}
