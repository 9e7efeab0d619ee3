/// Durations as the command line prints them.
public enum DurationText {
    /// `12.5 ms`: one decimal, rounded to nearest (ties to even, as `printf("%.1f")` does).
    ///
    /// Written out rather than with `String(format:)`, whose variadic arguments cost a run of a
    /// small project about 0.8 M instructions of run-time type checks the first time.
    public static func milliseconds(_ value: Double) -> String {
        let tenths = value.isFinite ? Int((max(value, 0) * 10).rounded(.toNearestOrEven)) : 0
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
