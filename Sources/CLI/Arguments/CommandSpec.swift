/// A command-line option a command accepts.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable {
        /// A switch with no value: `--json`.
        case flag
        /// An option with a value: `--project <dir>` or `--project=<dir>`.
        case value(name: String, repeatable: Bool)
    }

    /// The long name without dashes: `project`.
    public var name: String
    /// A one-letter alias: `-p`.
    public var short: Character?
    public var kind: Kind
    public var help: String

    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, help: help)
    }

    public static func value(_ name: String, valueName: String, short: Character? = nil, repeatable: Bool = false, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .value(name: valueName, repeatable: repeatable), help: help)
    }

    /// `--project <dir>` or `--json`, as shown in usage lines and errors.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let valueName, _): "--\(name) <\(valueName)>"
        }
    }

    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    var isRepeatable: Bool {
        if case .value(_, let repeatable) = kind { return repeatable }
        return false
    }
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
