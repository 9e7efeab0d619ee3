import Foundation

/// `watch [--tables N] [--edits K] [--interval MS] [--work DIR] [--sdkgen PATH]`: how long after a
/// save the regenerated output is on disk, with `sdkgen generate --watch` running in its own process.
///
/// Each edit renames the alias of the first query's root field (so the generated code changes) and
/// writes `queries.gql` atomically, as editors do; the latency runs from the end of that write until
/// the query's class file on disk holds the new alias. Edits are spaced by a random part of the
/// interval, so they land anywhere in the polling cycle.
struct WatchBenchmark {
    var tables = 200
    var edits = 10
    var interval = 300
    var work = NSTemporaryDirectory() + "sdkgen-benchmark-watch"
    var sdkgen = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sdkgen").path

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func number(_ option: String) throws -> Int {
            guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
                throw UsageError(description: "\(option) needs a positive number")
            }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--tables": tables = try number(argument)
            case "--edits": edits = try number(argument)
            case "--interval": interval = try number(argument)
            case "--work", "--sdkgen":
                guard let value = rest.popFirst() else { throw UsageError(description: "\(argument) needs a value") }
                if argument == "--work" { work = value } else { sdkgen = value }
            default: throw UsageError(description: "unknown argument \(argument)")
            }
        }
    }

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: sdkgen) else {
            throw UsageError(description: "no sdkgen binary at \(sdkgen); build it (swift build -c release) or pass --sdkgen PATH")
        }
        try? FileManager.default.removeItem(atPath: work)
        try SyntheticProject(tables: tables, operationsPerTable: 5).write(to: work)
        let queries = work + "/connector/queries.gql"
        let original = try String(contentsOfFile: queries, encoding: .utf8)
        guard original.contains("item: ") else { throw UsageError(description: "the synthetic queries have no 'item:' alias to edit") }
        let output = try firstRun(classOf: original)

        let watcher = try ChildProcess.start(sdkgen, ["generate", "--watch", "--interval", String(interval), "--project", work])
        defer { _ = ChildProcess.stop(watcher) }
        // The first generation of the session rewrites nothing; give it time to finish before editing.
        Thread.sleep(forTimeInterval: 2 + Double(interval) / 1000)

        var latencies: [Double] = []
        var generator = SystemRandomNumberGenerator()
        for edit in 1...edits {
            Thread.sleep(forTimeInterval: Double(Int.random(in: 0..<interval, using: &generator)) / 1000)
            let alias = "watchEdit\(edit)"
            let edited = original.replacingOccurrences(of: "item: ", with: alias + ": ", options: [], range: original.range(of: "item: "))
            try edited.write(toFile: queries, atomically: true, encoding: .utf8)
            let saved = Stopwatch.now()
            guard try waitFor(alias + ": ", in: output, timeout: 10 + Double(interval) / 1000) else {
                throw UsageError(description: "edit \(edit): the output did not change within 10 s")
            }
            latencies.append(Stopwatch.now() - saved)
        }
        report(latencies)
    }

    /// Runs one plain generation, so that the watch session starts with current output; returns
    /// the path of the class file of the first query in `queries` (the one the edits change).
    private func firstRun(classOf queries: String) throws -> String {
        let result = try ChildProcess.run(sdkgen, ["generate", "--project", work])
        guard result.status == 0 else { throw UsageError(description: "sdkgen generate exited with status \(result.status)") }
        // Synthetic operation names are already UpperCamelCase, so the class is `<Name>Query`.
        guard let name = queries.components(separatedBy: "query ").dropFirst().first?.prefix(while: { $0.isLetter || $0.isNumber }) else {
            throw UsageError(description: "the synthetic queries have no query")
        }
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: work + "/generated")) ?? []
        guard let file = files.first(where: { $0.hasSuffix("/\(name)Query.swift") }) else {
            throw UsageError(description: "sdkgen wrote no \(name)Query.swift under \(work)/generated")
        }
        return work + "/generated/" + file
    }

    /// Polls `path` every millisecond until it contains `needle`; reads it only when its inode or
    /// modification time changes (sdkgen replaces files atomically, so a read never sees half a
    /// file), and searches bytes, so that the benchmark's own checking adds little to the latency.
    private func waitFor(_ needle: String, in path: String, timeout: Double) throws -> Bool {
        let deadline = Stopwatch.now() + timeout
        let bytes = Data(needle.utf8)
        var lastStamp: [Int] = []
        while Stopwatch.now() < deadline {
            var info = stat()
            if stat(path, &info) == 0 {
                #if canImport(Darwin)
                let modified = info.st_mtimespec
                #else
                let modified = info.st_mtim
                #endif
                let stamp = [Int(info.st_ino), Int(modified.tv_sec), Int(modified.tv_nsec), Int(info.st_size)]
                if stamp != lastStamp {
                    lastStamp = stamp
                    if let contents = FileManager.default.contents(atPath: path), contents.range(of: bytes) != nil { return true }
                }
            }
            usleep(1000)
        }
        return false
    }

    private func report(_ latencies: [Double]) {
        let sorted = latencies.sorted()
        let milliseconds = { (value: Double) in String(format: "%.1f", value * 1000) }
        let median = GenerateBenchmark.median(sorted)
        let worst = sorted.last ?? 0
        print("watch: \(tables) tables, \(edits) edits, --interval \(interval) ms; save -> regenerated output on disk")
        print("latency ms: min \(milliseconds(sorted.first ?? 0)), median \(milliseconds(median)), max \(milliseconds(worst))")
        print("max - interval: \(milliseconds(worst - Double(interval) / 1000)) ms (target: at most 50 ms)")
        let values = sorted.map { String(format: "%.2f", $0 * 1000) }.joined(separator: ",")
        print("{\"benchmark\":\"watch\",\"tables\":\(tables),\"edits\":\(edits),\"intervalMs\":\(interval),"
            + "\"minMs\":\(milliseconds(sorted.first ?? 0)),\"medianMs\":\(milliseconds(median)),\"maxMs\":\(milliseconds(worst)),"
            + "\"latenciesMs\":[\(values)]}")
    }
}
