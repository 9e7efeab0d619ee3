import Foundation

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
        BenchmarkCommand(
            name: "generate",
            summary: "the whole sdkgen run, cold and warm: generate [--runs N] [--sizes 20,200,1000] [--ops-per-table K] "
                + "[--work DIR] [--sdkgen PATH] [--command NAME] [PROJECT...]",
            run: { try GenerateBenchmark(arguments: $0).run() }
        ),
        BenchmarkCommand(
            name: "watch",
            summary: "save-to-output latency of generate --watch: watch [--tables N] [--edits K] [--interval MS] [--work DIR] [--sdkgen PATH]",
            run: { try WatchBenchmark(arguments: $0).run() }
        ),
        BenchmarkCommand(
            name: "compile",
            summary: "debug build time of a generated package: compile [--tables N] [--work DIR] [--sdkgen PATH] [--runtime DIR]",
            run: { try CompileBenchmark(arguments: $0).run() }
        ),
        BenchmarkCommand(
            name: "compare",
            summary: "two sdkgen binaries, alternating, and the I/O floor: compare --old PATH --new PATH [--old-args ARGS] "
                + "[--runs N] [--sizes 20,200,1000] [--synth SCRIPT] [--work DIR]",
            run: { try CompareBenchmark(arguments: $0).run() }
        ),
        BenchmarkCommand(
            name: "realtime",
            summary: "realtime stream over loopback: memory/CPU of N subscriptions, push latency: realtime [--subscriptions N] [--pushes K]",
            run: { try RealtimeBenchmark(arguments: $0).run() }
        ),
        BenchmarkCommand(
            name: "response",
            summary: "a large query response fetched and decoded by URLSession + JSONDecoder and by the runtime: response [--megabytes N] [--runs K]",
            run: { try ResponseBenchmark(arguments: $0).run() }
        ),
        BenchmarkCommand(
            name: "io-floor",
            summary: "helper of compare: io-floor LIST TARGET reads the inputs and copies the outputs LIST names into TARGET",
            run: { arguments in
                guard arguments.count == 2 else { throw UsageError(description: "usage: io-floor LIST TARGET") }
                try IOFloor.run(list: arguments[0], target: arguments[1])
            }
        ),
        BenchmarkCommand(
            name: "peak-memory",
            summary: "helper of generate: peak-memory FILE PROGRAM [ARGUMENTS...] writes the program's peak memory in KiB to FILE",
            run: { arguments in
                guard arguments.count >= 2 else { throw UsageError(description: "usage: peak-memory FILE PROGRAM [ARGUMENTS...]") }
                let result = try ChildProcess.run(arguments[1], Array(arguments.dropFirst(2)))
                guard result.status == 0 else { throw UsageError(description: "\(arguments[1]) exited with status \(result.status)") }
                try String(result.peakMemory).write(toFile: arguments[0], atomically: true, encoding: .utf8)
            }
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
