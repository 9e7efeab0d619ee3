/// Writes help text in the layout of swift-argument-parser, which Swift developers already know.
enum HelpFormatter {
    static let helpOption = OptionSpec.flag("help", short: "h", help: "Show help information.")

    /// `sdkgen validate [--project <dir>] [--json]`
    static func usage(tool: String, command: CommandSpec) -> String {
        let options = command.options.map { option in
            option.isRepeatable ? "[\(option.synopsis) ...]" : "[\(option.synopsis)]"
        }
        return ([tool, command.name] + options + command.arguments.map { "<\($0.name)>" }).joined(separator: " ")
    }

    static func help(tool: String, command: CommandSpec) -> String {
        var text = "OVERVIEW: \(command.abstract)\n"
        if let discussion = command.discussion { text += "\n\(discussion)\n" }
        text += "\nUSAGE: \(usage(tool: tool, command: command))\n\n"
        if !command.arguments.isEmpty {
            text += "ARGUMENTS:\n" + table(command.arguments.map { ("<\($0.name)>", $0.help) }) + "\n"
        }
        return text + "OPTIONS:\n" + table(command.options.map(optionRow) + [optionRow(helpOption)])
    }

    static func toolHelp(tool: String, abstract: String, options: [OptionSpec], commands: [CommandSpec]) -> String {
        let subcommands = commands.filter { !$0.isHidden }.map { ($0.name, $0.abstract) } + [("help", "Show subcommand help information.")]
        return "OVERVIEW: \(abstract)\n\nUSAGE: \(tool) <subcommand>\n\nOPTIONS:\n" + table(options.map(optionRow))
            + "\nSUBCOMMANDS:\n" + table(subcommands) + "\n  See '\(tool) help <subcommand>' for detailed help.\n"
    }

    private static func optionRow(_ option: OptionSpec) -> (String, String) {
        let short = option.short.map { "-\($0), " } ?? ""
        return (short + option.synopsis, option.help)
    }

    /// Two columns; a long left cell pushes its description onto the next line, as in SAP.
    private static func table(_ rows: [(String, String)]) -> String {
        let width = 24
        return rows.map { left, right in
            let cell = "  \(left)"
            let gap = cell.count < width ? String(repeating: " ", count: width - cell.count) : "\n" + String(repeating: " ", count: width)
            return cell + gap + right + "\n"
        }.joined()
    }
}
