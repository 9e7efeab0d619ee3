/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable {
    case note
    case warning
    case error
}

/// A place in a source file that a diagnostic points at.
public struct SourceSpan: Hashable, Sendable {
    public var file: SourceFile
    /// The highlighted part of the file; nil when the message is about the file as a whole.
    public var range: SourceRange?

    public init(file: SourceFile, range: SourceRange?) {
        self.file = file
        self.range = range
    }

    public static func == (lhs: SourceSpan, rhs: SourceSpan) -> Bool {
        lhs.file === rhs.file && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(file))
        hasher.combine(range)
    }

    /// `path:line:col`, or `path` alone without a range, for the file shown as `path`.
    func position(showing path: String) -> String {
        range.map { "\(path):\($0.start.line):\($0.start.column)" } ?? path
    }
}

/// One message from any stage of sdkgen: a problem in the user's project, or a remark about it.
///
/// Every stage reports through this one type so that the command line renders, counts and orders
/// all of them the same way.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Extra information attached to a diagnostic, optionally pointing at another place.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var span: SourceSpan?

        public init(_ message: String, span: SourceSpan? = nil) {
            self.message = message
            self.span = span
        }
    }

    public var severity: Severity
    /// What the diagnostic is about, stable across releases and wordings (docs/diagnostics.md).
    public var id: DiagnosticID
    public var message: String
    public var span: SourceSpan?
    public var notes: [Note]

    public init(_ severity: Severity, _ id: DiagnosticID, _ message: String, span: SourceSpan? = nil, notes: [Note] = []) {
        self.severity = severity
        self.id = id
        self.message = message
        self.span = span
        self.notes = notes
    }

    /// An error at `range` of `file`.
    public static func error(_ id: DiagnosticID, _ message: String, in file: SourceFile, at range: SourceRange?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, id, message, span: SourceSpan(file: file, range: range), notes: notes)
    }

    /// A warning at `range` of `file`.
    public static func warning(_ id: DiagnosticID, _ message: String, in file: SourceFile, at range: SourceRange?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, id, message, span: SourceSpan(file: file, range: range), notes: notes)
    }

    /// `path:line:col: severity: message`, without excerpt or notes.
    public var description: String {
        let prefix = span.map { $0.position(showing: $0.file.path) + ": " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// Thrown by a stage that cannot go on; carries every diagnostic gathered so far.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    /// The diagnostics of `error`: its own when it is a `DiagnosticError`, else one internal error.
    public static func diagnostics(of error: any Error) -> [Diagnostic] {
        (error as? DiagnosticError)?.diagnostics ?? [Diagnostic(.error, .internalError, "\(error)")]
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
