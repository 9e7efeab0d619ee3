#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Foundation

/// `compare --old PATH --new PATH [--old-args ARGS] [--runs N] [--sizes 20,200,1000] [--synth SCRIPT] [--work DIR]`:
/// two `sdkgen` binaries in alternating runs on the same projects, and the I/O floor.
///
/// Each binary works on its own copy of each project, so neither finds the other's output. For
/// every project it reports, as medians:
/// - `current`: a run whose output is already current (every stage runs; `--old-args` lets the
///   old binary skip nothing, e.g. `--no-cache`);
/// - `first`: a run into an empty output folder (every file written);
/// - `change`: a run after one query was added to (or, every other run, removed from) the
///   connector, so one generated file is created (or deleted) and the manifest rewritten;
/// - `floor`: a program that only reads every input file and writes the new binary's output, the
///   same bytes into the same number of files, with plain `open`/`write`/`close` (`io-floor`, started
///   as a new process like `sdkgen`);
/// - the peak memory of both binaries' `current` and `first` runs.
struct CompareBenchmark {
    var old = ""
    var new = ""
    var oldArguments: [String] = []
    var runs = 7
    var sizes = [20, 200, 1000]
    var synth: String?
    var work = NSTemporaryDirectory() + "sdkgen-compare"

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ option: String) throws -> String {
            guard let value = rest.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--old": old = try value(argument)
            case "--new": new = try value(argument)
            case "--old-args": oldArguments = try value(argument).split(separator: " ").map(String.init)
            case "--runs":
                guard let count = Int(try value(argument)), count > 0 else { throw UsageError(description: "--runs needs a positive number") }
                runs = count
            case "--sizes":
                sizes = try value(argument).split(separator: ",").map { text in
                    guard let size = Int(text), size > 0 else { throw UsageError(description: "--sizes needs positive numbers") }
                    return size
                }
            case "--synth": synth = try value(argument)
            case "--work": work = try value(argument)
            default: throw UsageError(description: "unknown argument \(argument)")
            }
        }
        for binary in [old, new] where !FileManager.default.isExecutableFile(atPath: binary) {
            throw UsageError(description: "--old and --new must name sdkgen executables (got '\(binary)')")
        }
    }

    /// One project as both binaries see it.
    private struct Fixture {
        var name: String
        /// Per binary: the project folder and the folder its output goes into.
        var old: (project: String, output: String)
        var new: (project: String, output: String)
    }

    func run() throws {
        try? FileManager.default.removeItem(atPath: work)
        print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; medians of \(runs) alternating runs; ms, peak MB")
        print("project".padding(to: 16) + ["current old", "current new", "change old", "change new", "first old", "first new", "floor", "new/floor",
                                           "peak cur old", "peak cur new", "peak 1st old", "peak 1st new"]
            .map { $0.leftPadding(to: 13) }.joined())
        for size in sizes {
            try measure(try ownProject(tables: size))
            if let synth { try measure(try sharedProject(tables: size, script: synth)) }
        }
    }

    private func ownProject(tables: Int) throws -> Fixture {
        let base = work + "/own-\(tables)"
        let project = SyntheticProject(tables: tables, operationsPerTable: 5)
        try project.write(to: base + "/old")
        try project.write(to: base + "/new")
        return Fixture(name: "own \(tables)", old: (base + "/old", base + "/old/generated"), new: (base + "/new", base + "/new/generated"))
    }

    /// A project of `--synth SCRIPT` (CI's `../shared/tools/synth_project.py`, beside the checkout),
    /// whose output goes to `../app` beside the project.
    private func sharedProject(tables: Int, script: String) throws -> Fixture {
        let base = work + "/shared-\(tables)"
        for variant in ["old", "new"] {
            let result = try ChildProcess.run("/usr/bin/env", ["python3", script, "--tables", String(tables), "--ops-per-table", "5",
                                                               "--out", base + "/" + variant + "/project"])
            guard result.status == 0 else { throw UsageError(description: "\(script) failed with status \(result.status)") }
        }
        return Fixture(name: "shared \(tables)", old: (base + "/old/project", base + "/old/app"),
                       new: (base + "/new/project", base + "/new/app"))
    }

    private func measure(_ fixture: Fixture) throws {
        let oldCurrent = ["generate", "--project", fixture.old.project] + oldArguments
        let newCurrent = ["generate", "--project", fixture.new.project]
        try checked(old, oldCurrent)
        try checked(new, newCurrent)
        let outputs = try Self.files(under: fixture.new.output, excluding: nil)
        let inputs = try Self.files(under: fixture.new.project, excluding: fixture.new.output).map(\.path)
            .filter { !$0.contains("/.dataconnect/") }
        // The floor writes a copy of the output, so it reads from a copy that no run deletes.
        let floorSource = work + "/floor-source", floorOutput = work + "/floor", floorList = work + "/floor-files.txt"
        try? FileManager.default.removeItem(atPath: floorSource)
        try FileManager.default.copyItem(atPath: fixture.new.output, toPath: floorSource)
        let lines = ["from \(floorSource)"] + inputs.map { "read \($0)" } + outputs.map { "copy \($0.path.dropFirst(fixture.new.output.count))" }
        try lines.joined(separator: "\n").write(toFile: floorList, atomically: true, encoding: .utf8)

        var times: [String: [Double]] = [:]
        for _ in 0..<runs {
            times["current old", default: []].append(try checked(old, oldCurrent).seconds)
            times["current new", default: []].append(try checked(new, newCurrent).seconds)
            for (binary, project, arguments, key) in [(old, fixture.old.project, oldCurrent, "change old"), (new, fixture.new.project, newCurrent, "change new")] {
                guard try Self.toggleExtraQuery(in: project) else { continue }
                times[key, default: []].append(try checked(binary, arguments).seconds)
            }
            try? FileManager.default.removeItem(atPath: fixture.old.output)
            times["first old", default: []].append(try checked(old, oldCurrent).seconds)
            try? FileManager.default.removeItem(atPath: fixture.new.output)
            times["first new", default: []].append(try checked(new, newCurrent).seconds)
            try? FileManager.default.removeItem(atPath: floorOutput)
            times["floor", default: []].append(try checked(CommandLine.arguments[0], ["io-floor", floorList, floorOutput]).seconds)
        }
        func median(_ key: String) -> Double { GenerateBenchmark.median(times[key] ?? []) * 1000 }
        let peaks = [
            try peakMemory(old, oldCurrent, emptying: nil), try peakMemory(new, newCurrent, emptying: nil),
            try peakMemory(old, oldCurrent, emptying: fixture.old.output), try peakMemory(new, newCurrent, emptying: fixture.new.output),
        ]
        var row = fixture.name.padding(to: 16)
        for key in ["current old", "current new", "change old", "change new", "first old", "first new", "floor"] {
            row += (times[key] == nil ? "-" : fixed(median(key), 1)).leftPadding(to: 13)
        }
        row += (fixed(median("first new") / median("floor"), 2) + "x").leftPadding(to: 13)
        for kib in peaks { row += fixed(Double(kib) / 1024, 1).leftPadding(to: 13) }
        print(row)
    }

    /// Adds a one-query file to the project's `connector` folder, or removes it when it is there;
    /// false for a project without that folder.
    private static func toggleExtraQuery(in project: String) throws -> Bool {
        let file = project + "/connector/extra.gql"
        guard FileManager.default.fileExists(atPath: project + "/connector/connector.yaml") else { return false }
        if FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        } else {
            try "query BenchExtra($id: UUID!) @auth(level: PUBLIC) { movie(id: $id) { id } }\n".write(toFile: file, atomically: true, encoding: .utf8)
        }
        return true
    }

    @discardableResult
    private func checked(_ binary: String, _ arguments: [String]) throws -> ChildProcess.Result {
        let result = try ChildProcess.run(binary, arguments)
        guard result.status == 0 else {
            throw UsageError(description: "\(binary) \(arguments.joined(separator: " ")) exited with status \(result.status)")
        }
        return result
    }

    /// Peak KiB of one run through a fresh `peak-memory` helper (see `GenerateBenchmark.peakMemory`).
    private func peakMemory(_ binary: String, _ arguments: [String], emptying output: String?) throws -> Int {
        if let output { try? FileManager.default.removeItem(atPath: output) }
        let file = work + "/peak-memory.txt"
        let result = try ChildProcess.run(CommandLine.arguments[0], ["peak-memory", file, binary] + arguments)
        guard result.status == 0, let text = try? String(contentsOfFile: file, encoding: .utf8), let kib = Int(text) else {
            throw UsageError(description: "peak-memory run of \(binary) failed with status \(result.status)")
        }
        return kib
    }

    /// Regular files under `folder` (relative paths and sizes), leaving out the folder `excluding`.
    private static func files(under folder: String, excluding: String?) throws -> [(path: String, size: Int)] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [(String, Int)] = []
        while let path = enumerator.nextObject() as? String {
            let absolute = folder + "/" + path
            if let excluding, absolute == excluding || absolute.hasPrefix(excluding + "/") { continue }
            let attributes = try FileManager.default.attributesOfItem(atPath: absolute)
            if attributes[.type] as? FileAttributeType == .typeRegular { files.append((absolute, (attributes[.size] as? Int) ?? 0)) }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    private func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}

/// `io-floor LIST TARGET`: the I/O a generation cannot avoid, as a program of its own. LIST holds a
/// `from FOLDER` line, `read PATH` lines (inputs, read whole) and `copy /RELATIVE` lines (files
/// under FOLDER, read, then written to the same relative path under TARGET).
enum IOFloor {
    static func run(list: String, target: String) throws {
        let lines = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n")
        let source = lines.first { $0.hasPrefix("from ") }.map { String($0.dropFirst(5)) } ?? ""
        let copies = lines.filter { $0.hasPrefix("copy ") }.map { String($0.dropFirst(5)) }
        for line in lines where line.hasPrefix("read ") { _ = try contents(of: String(line.dropFirst(5))) }
        var folders: Set<String> = []
        for relative in copies {
            let bytes = try contents(of: source + relative)
            let file = target + relative
            let folder = String(file[..<file.lastIndex(of: "/")!])
            if folders.insert(folder).inserted { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { throw UsageError(description: "cannot write \(file)") }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == bytes.count else { throw UsageError(description: "short write to \(file)") }
        }
    }

    /// The file's bytes, read as sdkgen reads its inputs.
    private static func contents(of path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw UsageError(description: "cannot read \(path)") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, let bytes = FileBytes.readAll(descriptor, size: Int(info.st_size)) else {
            throw UsageError(description: "cannot read \(path)")
        }
        return bytes
    }
}
