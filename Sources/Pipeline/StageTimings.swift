import Diagnostics
import Dispatch

/// Wall-clock time spent in each stage of one run, for `--verbose` and the benchmarks.
public struct StageTimings: Sendable {
    /// Stages in the order they ran, with their duration in nanoseconds.
    public private(set) var entries: [(stage: Stage, nanoseconds: UInt64)] = []

    /// Runs `body` and records its duration under `stage`.
    public mutating func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { entries.append((stage, DispatchTime.now().uptimeNanoseconds - start)) }
        return try body()
    }

    /// The duration of `stage` in milliseconds, or nil if it did not run.
    public func milliseconds(_ stage: Stage) -> Double? {
        entries.first { $0.stage == stage }.map { Double($0.nanoseconds) / 1_000_000 }
    }

    /// `load 1.2 ms, parse 0.8 ms, synthesize 3.1 ms`
    public var summary: String {
        entries.map { entry in
            entry.stage.name + " " + DurationText.milliseconds(Double(entry.nanoseconds) / 1_000_000)
        }.joined(separator: ", ")
    }
}
