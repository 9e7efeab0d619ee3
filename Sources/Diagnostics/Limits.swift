/// The resource budget of a run, documented in docs/cli.md ("Limits"): bounds that keep any input,
/// however large or hostile, from making sdkgen hang, exhaust memory or flood the terminal.
public enum Limits {
    /// Bytes of one configuration or GraphQL file: far above any real project's (the largest
    /// generated benchmark file is 1.4 MB), far below what the 32-bit source positions allow.
    public static let fileSize = 64 << 20
    /// Diagnostics printed to the terminal; the rest are counted on one line before the summary.
    public static let diagnosticsPrinted = 200
    /// Characters of a token quoted in a message (`Unexpected Name "…"`); longer ones end in `…`.
    public static let quotedWidth = 100
    /// Columns of source shown under a diagnostic; longer lines are cut around the caret with `…`.
    public static let excerptWidth = 200
}
