/// One benchmark subcommand; later stages add theirs to `BenchmarkCommands.all`.
struct BenchmarkCommand: Sendable {
    var name: String
    var summary: String
    var run: @Sendable ([String]) throws -> Void
}

enum BenchmarkCommands {
    static let all: [BenchmarkCommand] = [
        BenchmarkCommand(
            name: "parse",
            summary: "GraphQL lexer and parser speed: parse [--runs N] FILE...",
            run: { try ParseBenchmark(arguments: $0).run() }
        ),
        BenchmarkCommand(
            name: "validate",
            summary: "operation validation and IR speed: validate [--runs N] [--tables N] [--ops-per-table K] [DIR]",
            run: { try ValidateBenchmark(arguments: $0).run() }
        ),
    ]
}

/// A usage mistake on the command line.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func leftPadding(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
