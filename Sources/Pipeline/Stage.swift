/// The stages of a run, in the order they execute. Commands stop after the stage they need.
public enum Stage: Int, CaseIterable, Comparable, Sendable {
    /// Find the project, read its YAML and collect its GraphQL sources.
    case load
    /// Parse every GraphQL file.
    case parse
    /// Rebuild the schema Data Connect synthesizes from the user's tables.
    case synthesize
    /// Check every operation against the schema and lower it to the typed IR.
    case validate
    /// Check and plan the Swift package of every `swiftSdk` entry (names, types, files).
    case emit
    /// Render each file and bring the disk up to date with it. The command runs it
    /// (`Generator.generate` stops after `emit`) and records its time here so that `--verbose`
    /// shows every stage.
    case write

    /// The name `--verbose` prints: the case's name.
    public var name: String { "\(self)" }

    public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
}
