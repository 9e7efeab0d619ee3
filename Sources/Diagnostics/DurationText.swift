/// Durations as the command line prints them.
public enum DurationText {
    /// `12.5 ms`: one decimal, rounded to nearest (ties to even, as `printf("%.1f")` does).
    ///
    /// Written out rather than with `String(format:)`, whose variadic arguments cost run-time type
    /// checks out of proportion to a small run.
    public static func milliseconds(_ value: Double) -> String {
        let tenths = value.isFinite ? Int((max(value, 0) * 10).rounded(.toNearestOrEven)) : 0
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
