import Diagnostics

/// Parses a command's arguments by the conventions of swift-argument-parser: `--name value`, `--name=value`, `-n value`
/// and flags, in any order; the rest are exactly the positional arguments the spec names, checked against its values.
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !argument.hasPrefix("-") || argument == "-", result.arguments.count < spec.arguments.count {
                result.arguments.append(try positional(argument, spec.arguments[result.arguments.count], in: spec))
                continue
            }
            let (option, inlineValue) = try resolve(argument, in: spec)
            guard option.valueName != nil else {
                if inlineValue != nil {
                    throw UsageError("The flag '--\(option.name)' does not take a value.", command: spec.name)
                }
                result.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.synopsis)'.", command: spec.name)
            }
            if !option.isRepeatable, result.values[option.name] != nil {
                throw UsageError("The option '--\(option.name)' was given more than once.", command: spec.name)
            }
            result.values[option.name, default: []].append(value)
        }
        if result.arguments.count < spec.arguments.count {
            let missing = spec.arguments[result.arguments.count]
            var message = "Missing argument '<\(missing.name)>'."
            if !missing.values.isEmpty { message += " Expected one of: " + missing.values.joined(separator: ", ") + "." }
            throw UsageError(message, command: spec.name)
        }
        return result
    }

    private static func positional(_ value: String, _ argument: ArgumentSpec, in spec: CommandSpec) throws -> String {
        guard argument.values.isEmpty || argument.values.contains(value) else {
            var message = "Unknown \(argument.name) '\(value)'."
            if let suggestion = Suggestion.closest(to: value, in: argument.values) { message += " Did you mean '\(suggestion)'?" }
            throw UsageError(message + " Expected one of: " + argument.values.joined(separator: ", ") + ".", command: spec.name)
        }
        return value
    }

    private static func resolve(_ argument: String, in spec: CommandSpec) throws -> (OptionSpec, String?) {
        if argument.hasPrefix("--"), argument.count > 2 {
            let body = argument.dropFirst(2)
            let name = body.prefix { $0 != "=" }
            let inlineValue = body.count > name.count ? String(body.dropFirst(name.count + 1)) : nil
            if let option = spec.options.first(where: { $0.name == name }) { return (option, inlineValue) }
            throw UsageError(unknown("--\(name)", spec: spec), command: spec.name)
        }
        if argument.hasPrefix("-"), argument.count == 2, let option = spec.options.first(where: { $0.short == argument.last }) {
            return (option, nil)
        }
        if argument.hasPrefix("-"), argument != "-" {
            throw UsageError(unknown(argument, spec: spec), command: spec.name)
        }
        throw UsageError("Unexpected argument '\(argument)'.", command: spec.name)
    }

    private static func unknown(_ argument: String, spec: CommandSpec) -> String {
        let suggestion = Suggestion.closest(to: argument, in: spec.options.map { "--\($0.name)" })
        return "Unknown option '\(argument)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
    }
}
