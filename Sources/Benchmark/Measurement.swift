#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timing and memory readings for the benchmarks.
enum Measurement {
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
