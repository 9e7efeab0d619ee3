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

    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, isRepeatable: false, help: help)
    }

    public static func value(_ name: String, valueName: String, short: Character? = nil, repeatable: Bool = false, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, isRepeatable: repeatable, help: help)
    }

    /// `--project <dir>` or `--json`, as shown in usage lines and errors.
    var synopsis: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    var takesValue: Bool { valueName != nil }
}

/// The interface of one command: what `--help` shows and what the argument parser accepts.
public struct CommandSpec: Sendable {
    public var name: String
    /// One sentence for the command list.
    public var abstract: String
    /// Paragraphs shown under the overview in the command's own help.
    public var discussion: String?
    public var options: [OptionSpec]

    public init(name: String, abstract: String, discussion: String? = nil, options: [OptionSpec]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }
}
