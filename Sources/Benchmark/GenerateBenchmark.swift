import Foundation

/// `generate [--runs N] [--sizes 20,200,1000] [--ops-per-table K] [--work DIR] [--sdkgen PATH]
/// [--command NAME] [PROJECT...]`: the whole `sdkgen` run on synthetic projects and on copies of
/// real ones, cold (a new `sdkgen` process per run) and warm (the stages in this process).
struct GenerateBenchmark {
    var runs = 10
    var sizes = [20, 200, 1000]
    var operationsPerTable = 5
    var work = NSTemporaryDirectory() + "sdkgen-benchmark"
    var sdkgen = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sdkgen").path
    var command = "generate"
    var projects: [String] = []

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ option: String) throws -> String {
            guard let value = rest.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        func number(_ text: String, _ option: String) throws -> Int {
            guard let count = Int(text), count > 0 else { throw UsageError(description: "\(option) needs positive numbers") }
            return count
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": runs = try number(value(argument), argument)
            case "--sizes": sizes = try value(argument).split(separator: ",").map { try number(String($0), argument) }
            case "--ops-per-table": operationsPerTable = try number(value(argument), argument)
            case "--work": work = try value(argument)
            case "--sdkgen": sdkgen = try value(argument)
            case "--command": command = try value(argument)
            default:
                guard !argument.hasPrefix("-") else { throw UsageError(description: "unknown option \(argument)") }
                projects.append(argument)
            }
        }
    }

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: sdkgen) else {
            throw UsageError(description: "no sdkgen binary at \(sdkgen); build it (swift build -c release) or pass --sdkgen PATH")
        }
        try? FileManager.default.removeItem(atPath: work)
        var targets: [(name: String, directory: String, tables: Int?)] = []
        for size in sizes {
            let directory = work + "/tables-\(size)"
            try SyntheticProject(tables: size, operationsPerTable: operationsPerTable).write(to: directory)
            targets.append(("synthetic \(size)", directory, size))
        }
        for project in projects {
            // A copy, so that generated output never lands in the original.
            let name = URL(fileURLWithPath: project).lastPathComponent
            let directory = work + "/" + name
            try FileManager.default.copyItem(atPath: project, toPath: directory)
            try Self.addSwiftSDKs(in: directory)
            targets.append((name, directory, nil))
        }
        var results: [GenerateResult] = []
        for target in targets {
            results.append(try measure(name: target.name, directory: target.directory, tables: target.tables))
        }
        GenerateReport(results: results, runs: runs, command: command, operationsPerTable: operationsPerTable).print()
    }

    private func measure(name: String, directory: String, tables: Int?) throws -> GenerateResult {
        // Self-check: a benchmark of a failing run measures error reporting, not generation.
        let first = WarmRun(directory: directory)
        guard first.errors.isEmpty else {
            throw UsageError(description: "\(name): the pipeline reports \(first.errors.count) errors, e.g.\n"
                + first.errors.prefix(5).map(\.description).joined(separator: "\n"))
        }
        var stages = Array(repeating: [Double](), count: WarmRun.stageNames.count)
        for _ in 0..<runs {
            for (index, seconds) in WarmRun(directory: directory).seconds.enumerated() { stages[index].append(seconds) }
        }
        let full = [command, "--project", directory]
        let warmUp = try ChildProcess.run(sdkgen, full)
        guard warmUp.status == 0 else {
            throw UsageError(description: "\(name): sdkgen \(full.joined(separator: " ")) exited with status \(warmUp.status)")
        }
        var cold: [ChildProcess.Result] = []
        for _ in 0..<runs { cold.append(try ChildProcess.run(sdkgen, full)) }
        let peak = try peakMemory(full)
        return GenerateResult(
            name: name, tables: tables, operations: first.operations,
            inputBytes: Self.size(of: directory, excluding: "generated"),
            outputBytes: Self.size(of: directory + "/generated", excluding: nil),
            stageMedians: stages.map(Self.median), coldMedian: Self.median(cold.map(\.seconds)),
            coldMin: cold.map(\.seconds).min() ?? 0, peakMemoryKiB: peak)
    }

    /// The peak memory of one `sdkgen` run in KiB, read through a fresh `peak-memory` process.
    ///
    /// Linux charges a child's `ru_maxrss` with the peak of the process that spawned it (exec keeps
    /// the old address space's high-water mark), so a direct child of this large process would
    /// report this process's peak; a small fresh intermediate spawns `sdkgen` instead.
    private func peakMemory(_ arguments: [String]) throws -> Int {
        let file = work + "/peak-memory.txt"
        let result = try ChildProcess.run(CommandLine.arguments[0], ["peak-memory", file, sdkgen] + arguments)
        guard result.status == 0, let text = try? String(contentsOfFile: file, encoding: .utf8), let kib = Int(text) else {
            throw UsageError(description: "peak-memory run of sdkgen failed with status \(result.status)")
        }
        return kib
    }

    /// Gives every connector of the copied project at `directory` a `swiftSdk` entry when it has
    /// none (real projects often generate only Kotlin or web SDKs), so that emission and writing
    /// are measured on them too. Only the `generate:` block of the standard layout is understood.
    static func addSwiftSDKs(in directory: String) throws {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return }
        var index = 0
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix("connector.yaml"), !path.contains("/.") else { continue }
            let file = directory + "/" + path
            var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
            guard !lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("swiftSdk:") }) else { continue }
            index += 1
            let entry = ["  swiftSdk:", "    outputDir: \(directory)/generated/connector\(index)", "    package: Connector\(index)SDK"]
            if let generate = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "generate:" }) {
                lines.insert(contentsOf: entry, at: generate + 1)
            } else {
                if lines.last == "" { lines.removeLast() }
                lines += ["generate:"] + entry + [""]
            }
            try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Total bytes of the regular files under `folder`, leaving out the subfolder `excluding`.
    private static func size(of folder: String, excluding: String?) -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total = 0
        while let path = enumerator.nextObject() as? String {
            if let excluding, path == excluding || path.hasPrefix(excluding + "/") { continue }
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + path)
            if attributes?[.type] as? FileAttributeType == .typeRegular { total += (attributes?[.size] as? Int) ?? 0 }
        }
        return total
    }
}

/// The figures of one project.
struct GenerateResult {
    var name: String
    var tables: Int?
    var operations: Int
    var inputBytes: Int
    var outputBytes: Int
    /// Median seconds per in-process stage, in `WarmRun.stageNames` order.
    var stageMedians: [Double]
    /// Cold runs: every stage, output current.
    var coldMedian: Double
    var coldMin: Double
    var peakMemoryKiB: Int

    var warmTotal: Double { stageMedians.reduce(0, +) }
}
