import Diagnostics

/// Reads the subset of YAML 1.2 that Data Connect projects use.
///
/// Supported: block mappings and sequences (including a sequence at its key's indentation), flow
/// sequences and mappings, plain, single- and double-quoted scalars (multi-line ones fold), comments,
/// and one document with optional `---` / `...` markers.
///
/// Rejected with an error at the offending line and column, never read as some other value:
/// anchors, aliases, tags, directives, complex (`?`) keys, block scalars (`|`, `>`), more than one
/// document, tabs used as indentation, duplicate keys, bytes that are not UTF-8 and characters
/// outside YAML's printable set (NUL and other control characters) anywhere in the file.
public enum YAMLParser {
    /// Parses `file`; nil when the document holds no node (only comments, blank lines or markers).
    ///
    /// Throws a `DiagnosticError` with the first structural error, together with any duplicate keys
    /// found before it; duplicate keys alone are all reported at once.
    public static func parse(_ file: SourceFile) throws -> YAMLNode? {
        let reader = YAMLReader(file: file)
        let root: YAMLNode?
        do {
            root = try reader.parseDocument()
        } catch let error as DiagnosticError {
            throw DiagnosticError(reader.duplicateKeyErrors + error.diagnostics)
        }
        if !reader.duplicateKeyErrors.isEmpty { throw DiagnosticError(reader.duplicateKeyErrors) }
        return root
    }
}
