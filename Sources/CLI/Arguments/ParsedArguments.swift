/// The options a user gave to one command, checked against its `CommandSpec`.
public struct ParsedArguments: Sendable, Equatable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    /// The positional arguments, in order.
    public internal(set) var arguments: [String] = []

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of `--name <value>`, the last one if given more than once.
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeatable option, in order.
    public func values(_ name: String) -> [String] {
        values[name] ?? []
    }
}
