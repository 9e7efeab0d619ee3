/// The resource budget of a run, documented in docs/cli.md ("Limits"): bounds that keep any input,
/// however large or hostile, from making sdkgen hang, exhaust memory or flood the terminal.
public enum Limits {
    /// Diagnostics printed to the terminal; the rest are counted on one line before the summary.
    public static let diagnosticsPrinted = 200
    /// Columns of source shown under a diagnostic; longer lines are cut around the caret with `…`.
    public static let excerptWidth = 200
}
