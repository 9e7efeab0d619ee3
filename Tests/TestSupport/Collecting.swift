import Diagnostics

/// Runs a stage that reports into a collector and returns its result with what it reported, for
/// tests that look at both.
public func collecting<T>(_ stage: (inout DiagnosticCollector) throws -> T) rethrows -> (T, [Diagnostic]) {
    var diagnostics = DiagnosticCollector()
    let result = try stage(&diagnostics)
    return (result, diagnostics.diagnostics)
}
