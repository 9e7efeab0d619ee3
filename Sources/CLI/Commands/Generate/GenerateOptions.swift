import Pipeline

/// `generate`'s options, read once and checked against each other before any work.
struct GenerateOptions: Equatable {
    /// What the run does (`Generation.runWrite`, `runCheck`, `runWatch`).
    enum Mode: Equatable {
        /// Write every selected package.
        case write
        /// `--check`: compare the packages with what `write` would leave, writing nothing.
        case check
        /// `--watch`: write, then again after every change, polling every `interval` milliseconds.
        case watch(interval: UInt64)
        /// `--sources-only`: write (or check) one connector's sources into a build's folder.
        case sourcesOnly(SourcesOnly)
    }

    /// `--sources-only <dir> --module <name>` with its connector.
    struct SourcesOnly: Equatable {
        /// Where the connector comes from.
        enum Connector: Equatable {
            /// `--connector <id>`, in the project of `--project`.
            case id(String)
            /// `--config <file>`: an sdkgen.json naming the project and the connector, read when the run starts.
            case configFile(String)
        }

        /// The folder as given, relative to the current folder.
        var directory: String
        var module: String
        var connector: Connector
        /// With `--check`: compare instead of writing.
        var check: Bool
    }

    /// `--project`; nil to discover the project (and always nil with `--config`).
    var projectDirectory: String?
    /// `--connector`; nil for all.
    var connectors: Set<String>?
    var verbose: Bool
    var mode: Mode

    init(_ arguments: ParsedArguments) throws {
        projectDirectory = arguments.value("project")
        let ids = arguments.values("connector")
        connectors = ids.isEmpty ? nil : Set(ids)
        verbose = arguments.flag("verbose")
        let check = arguments.flag("check"), watch = arguments.flag("watch")
        if check, watch { throw Self.usage("'--check' and '--watch' cannot be used together.") }
        let interval = try Self.interval(arguments, watch: watch)
        mode = try Self.sourcesOnly(arguments, check: check, watch: watch).map(Mode.sourcesOnly)
            ?? (check ? .check : watch ? .watch(interval: interval) : .write)
    }

    private static func usage(_ message: String) -> UsageError {
        GenerateCommand.usage(message)
    }

    /// `--interval`'s milliseconds, 300 when it is not given.
    private static func interval(_ arguments: ParsedArguments, watch: Bool) throws -> UInt64 {
        guard let text = arguments.value("interval") else { return 300 }
        guard watch else { throw usage("'--interval' only applies with '--watch'.") }
        guard let value = UInt64(text), value > 0, value <= 60_000 else {
            throw usage("The value of '--interval' must be a whole number of milliseconds from 1 to 60000, found '\(text)'.")
        }
        return value
    }

    /// `--sources-only` with its module and its one connector, or nil without `--sources-only`.
    private static func sourcesOnly(_ arguments: ParsedArguments, check: Bool, watch: Bool) throws -> SourcesOnly? {
        guard let directory = arguments.value("sources-only") else {
            for option in ["module", "config"] where arguments.value(option) != nil {
                throw usage("'--\(option)' only applies with '--sources-only'.")
            }
            return nil
        }
        guard !directory.isEmpty else { throw usage("The value of '--sources-only' must not be empty.") }
        if watch { throw usage("'--sources-only' and '--watch' cannot be used together.") }
        let ids = Set(arguments.values("connector"))
        let connector: SourcesOnly.Connector
        if let file = arguments.value("config") {
            guard ids.isEmpty, arguments.value("project") == nil else {
                throw usage("'--config' names the project and the connector; leave out '--project' and '--connector'.")
            }
            connector = .configFile(file)
        } else {
            guard ids.count == 1, let id = ids.first else {
                throw usage("'--sources-only' writes the sources of one connector: give exactly one '--connector <id>' (or '--config <file>').")
            }
            connector = .id(id)
        }
        guard let module = arguments.value("module") else {
            throw usage("'--sources-only' needs '--module <name>', the module of the target that compiles the sources.")
        }
        guard Generator.SourcesTarget.isValidModule(module) else {
            throw usage("The value of '--module' must be a Swift module name (letters, digits and '_', not starting with a digit, no keyword), found '\(module)'.")
        }
        return SourcesOnly(directory: directory, module: module, connector: connector, check: check)
    }
}
