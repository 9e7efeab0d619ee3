/// A command-line option a command accepts.
struct OptionSpec: Sendable {
    /// The long name without dashes: `project`.
    var name: String
    /// A one-letter alias: `-p`.
    var short: Character?
    /// The value's placeholder in `--project <dir>`; nil for a flag such as `--json`, which takes no value.
    var valueName: String?
    /// Whether an option with a value may be given more than once.
    var isRepeatable: Bool
    var help: String
    /// What shell completion offers for the value.
    var completion: ValueCompletion

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, isRepeatable: false, help: help, completion: .none)
    }

    static func value(_ name: String, valueName: String, short: Character? = nil, repeatable: Bool = false,
                      completion: ValueCompletion = .none, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, isRepeatable: repeatable, help: help, completion: completion)
    }

    /// `--project <dir>` of the commands that read a project.
    static let project = value("project", valueName: "dir", completion: .directory,
                               help: "The folder with dataconnect.yaml (or that file), or a Firebase project root (default: ., ./dataconnect, then the parent folders).")

    /// `--project <dir>` or `--json`, as shown in usage lines and errors.
    var synopsis: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }
}

/// What shell completion offers for an option's or argument's value.
enum ValueCompletion: Sendable, Equatable {
    /// Nothing: the user types the value.
    case none
    /// Folder names.
    case directory
    /// One of these words.
    case values([String])
    /// The connector ids of the project (the one `--project` names, or the current folder's).
    case connectorIDs
}

/// A positional argument: `sdkgen completion <shell>`.
struct ArgumentSpec: Sendable {
    /// The placeholder in `<shell>`.
    var name: String
    /// The only values accepted; empty for any.
    var values: [String] = []
    var help: String
}

/// The interface of one command: one specification serves `--help`, the argument parser and completion, so they agree.
struct CommandSpec: Sendable {
    var name: String
    /// One sentence for the command list.
    var abstract: String
    /// Paragraphs shown under the overview in the command's own help.
    var discussion: String?
    var options: [OptionSpec]
    /// Required positional arguments, in order.
    var arguments: [ArgumentSpec] = []
    /// Left out of help and completion: an internal command that scripts call.
    var isHidden = false
}
