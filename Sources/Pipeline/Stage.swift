/// The stages of a run, in the order they execute. Commands stop after the stage they need;
/// docs/pipeline.md describes each one's input, output and what can fail.
public enum Stage: Int, CaseIterable, Comparable, Sendable {
    /// Find the project, read its YAML and collect its GraphQL sources.
    case load
    /// Parse every GraphQL file.
    case parse
    /// Rebuild the schema Data Connect synthesizes from the user's tables.
    case synthesize
    /// Check every operation against the schema.
    case validate
    /// Lower the operations and the schema types SDKs declare to the typed IR.
    case lower
    /// Check and plan the Swift package of every `swiftSdk` entry (names, types, files).
    case emit

    /// The name `--verbose` prints: the case's name.
    public var name: String { "\(self)" }

    public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
}
