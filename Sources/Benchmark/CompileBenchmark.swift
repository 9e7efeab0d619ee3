import Foundation

/// `compile [--tables N] [--work DIR] [--sdkgen PATH] [--runtime DIR]`: how long a debug
/// `swift build` of the package sdkgen generates for a synthetic project takes, against this
/// repository's `SDKGenDataConnect`: once from an empty `.build` (runtime included) and once more
/// after touching every generated source, as after regenerating everything.
struct CompileBenchmark {
    var tables = 200
    var work = NSTemporaryDirectory() + "sdkgen-benchmark-compile"
    var sdkgen = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sdkgen").path
    var runtime = FileManager.default.currentDirectoryPath

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError(description: "\(argument) needs a value") }
            switch argument {
            case "--tables":
                guard let count = Int(value), count > 0 else { throw UsageError(description: "--tables needs a positive number") }
                tables = count
            case "--work": work = value
            case "--sdkgen": sdkgen = value
            case "--runtime": runtime = value
            default: throw UsageError(description: "unknown argument \(argument)")
            }
        }
        runtime = URL(fileURLWithPath: runtime).standardizedFileURL.path
    }

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: sdkgen) else {
            throw UsageError(description: "no sdkgen binary at \(sdkgen); build it (swift build -c release) or pass --sdkgen PATH")
        }
        guard FileManager.default.fileExists(atPath: runtime + "/Sources/SDKGenDataConnect") else {
            throw UsageError(description: "no SDKGenDataConnect in \(runtime); run from the sdkgen checkout or pass --runtime DIR")
        }
        try? FileManager.default.removeItem(atPath: work)
        var project = SyntheticProject(tables: tables, operationsPerTable: 5)
        project.runtimePath = runtime
        try project.write(to: work)
        let generated = try ChildProcess.run(sdkgen, ["generate", "--project", work])
        guard generated.status == 0 else { throw UsageError(description: "sdkgen generate exited with status \(generated.status)") }

        let package = work + "/generated/BenchConnector"
        let sources = try Self.swiftFiles(in: package + "/Sources")
        let bytes = try sources.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int ?? 0) }
        let operations = project.tables.count * project.operationsPerTable
        FileHandle.standardError.write(Data("\(tables) tables, \(operations) operations, \(sources.count) files: building (minutes)…\n".utf8))
        let cold = try build(package, log: work + "/build-cold.log")
        let now = Date()
        for file in sources { try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file) }
        FileHandle.standardError.write(Data("every source touched: building again…\n".utf8))
        let touched = try build(package, log: work + "/build-touched.log")
        report(operations: operations, files: sources.count, bytes: bytes, cold: cold, touched: touched)
    }

    private func build(_ package: String, log: String) throws -> ChildProcess.Result {
        let result = try ChildProcess.run("/usr/bin/env", ["swift", "build", "--package-path", package], output: log, errors: log)
        guard result.status == 0 else { throw UsageError(description: "swift build exited with status \(result.status); see \(log)") }
        return result
    }

    private static func swiftFiles(in directory: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }.sorted()
            .map { directory + "/" + $0 }
    }

    private func report(operations: Int, files: Int, bytes: Int, cold: ChildProcess.Result, touched: ChildProcess.Result) {
        // `ru_maxrss` is in KiB on Linux and in bytes on macOS.
        let bytesPerUnit = Stopwatch.peakMemory().unit == "KiB" ? 1024 : 1
        func kib(_ peak: Int) -> Int { peak * bytesPerUnit / 1024 }
        func row(_ name: String, _ result: ChildProcess.Result) -> String {
            name.padding(to: 26) + String(format: "%10.1f %10.1f %10.0f", result.seconds, result.cpuSeconds, Double(kib(result.peakMemory)) / 1024)
        }
        print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("debug `swift build` of the generated package (\(tables) tables, \(operations) operations, \(files) files, \(bytes / 1024) KB)")
        print("build".padding(to: 26) + "wall s".leftPadding(to: 10) + " " + "CPU s".leftPadding(to: 10) + " " + "peak MB".leftPadding(to: 10))
        print(row("from an empty .build", cold))
        print(row("every source touched", touched))
        let json: [String: Any] = [
            "benchmark": "compile", "tables": tables, "operations": operations, "files": files, "sourceBytes": bytes,
            "cores": ProcessInfo.processInfo.activeProcessorCount,
            "coldSeconds": cold.seconds, "coldCPUSeconds": cold.cpuSeconds, "coldPeakMemoryKiB": kib(cold.peakMemory),
            "touchedSeconds": touched.seconds, "touchedCPUSeconds": touched.cpuSeconds, "touchedPeakMemoryKiB": kib(touched.peakMemory),
        ]
        if let data = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]) {
            print(String(decoding: data, as: UTF8.self))
        }
    }
}
