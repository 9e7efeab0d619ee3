/// A command-line option a command accepts.
public struct OptionSpec: Sendable {
    /// The long name without dashes: `project`.
    public var name: String
    /// A one-letter alias: `-p`.
    public var short: Character?
    /// The value's placeholder in `--project <dir>`; nil for a flag such as `--json`, which takes no value.
    public var valueName: String?
    /// Whether an option with a value may be given more than once.
    public var isRepeatable: Bool
    public var help: String
    /// What shell completion offers for the value.
    public var completion: ValueCompletion

    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, isRepeatable: false, help: help, completion: .none)
    }

    public static func value(_ name: String, valueName: String, short: Character? = nil, repeatable: Bool = false,
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

    var takesValue: Bool { valueName != nil }
}

/// What shell completion offers for an option's or argument's value.
public enum ValueCompletion: Sendable, Equatable {
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
public struct ArgumentSpec: Sendable {
    /// The placeholder in `<shell>`.
    public var name: String
    public var help: String
    /// The only values accepted; empty for any.
    public var values: [String]

    public init(name: String, values: [String] = [], help: String) {
        self.name = name
        self.values = values
        self.help = help
    }
}

/// The interface of one command: what `--help` shows, what the argument parser accepts and what
/// shell completion offers. One specification serves all three, so they cannot disagree.
public struct CommandSpec: Sendable {
    public var name: String
    /// One sentence for the command list.
    public var abstract: String
    /// Paragraphs shown under the overview in the command's own help.
    public var discussion: String?
    public var options: [OptionSpec]
    /// Required positional arguments, in order.
    public var arguments: [ArgumentSpec]
    /// Left out of help and completion: an internal command that scripts call.
    public var isHidden: Bool

    public init(name: String, abstract: String, discussion: String? = nil, options: [OptionSpec], arguments: [ArgumentSpec] = [],
                isHidden: Bool = false) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        self.isHidden = isHidden
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }
}
