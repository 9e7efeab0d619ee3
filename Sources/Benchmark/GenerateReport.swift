import Foundation

/// Prints the figures of `generate` as a table, the growth ratios between synthetic sizes, and one
/// JSON line for scripts.
struct GenerateReport {
    var results: [GenerateResult]
    var runs: Int
    var command: String
    var operationsPerTable: Int

    func print() {
        let machine = Self.machine()
        Swift.print("machine: \(machine.cores) cores, \(machine.cpu), load average \(machine.load)")
        Swift.print("cold: `sdkgen \(command)` in a new process, output current, median and min of \(runs) runs after one warm-up; "
            + "full = every stage; "
            + "warm: stages in process, median of \(runs) runs; peak = sdkgen ru_maxrss of a full run, via a fresh helper")
        var header = "project".padding(to: 34) + "tables".leftPadding(to: 7) + "ops".leftPadding(to: 6) + "in KB".leftPadding(to: 8)
        for stage in WarmRun.stageNames { header += stage.leftPadding(to: 12) }
        header += "warm ms".leftPadding(to: 9) + "full med".leftPadding(to: 10) + "full min".leftPadding(to: 10)
            + "peak MB".leftPadding(to: 9) + "out KB".leftPadding(to: 8)
        Swift.print(header)
        for result in results {
            var row = String(result.name.suffix(33)).padding(to: 34) + (result.tables.map(String.init) ?? "-").leftPadding(to: 7)
                + String(result.operations).leftPadding(to: 6) + Self.fixed(Double(result.inputBytes) / 1024, 0).leftPadding(to: 8)
            for seconds in result.stageMedians { row += Self.fixed(seconds * 1000, 2).leftPadding(to: 12) }
            row += Self.fixed(result.warmTotal * 1000, 2).leftPadding(to: 9) + Self.fixed(result.coldMedian * 1000, 1).leftPadding(to: 10)
                + Self.fixed(result.coldMin * 1000, 1).leftPadding(to: 10)
                + Self.fixed(Double(result.peakMemoryKiB) / 1024, 1).leftPadding(to: 9)
                + Self.fixed(Double(result.outputBytes) / 1024, 0).leftPadding(to: 8)
            Swift.print(row)
        }
        let synthetic = results.filter { $0.tables != nil }
        for (smaller, larger) in zip(synthetic, synthetic.dropFirst()) {
            guard let from = smaller.tables, let to = larger.tables else { continue }
            Swift.print("growth \(from) -> \(to) tables (x\(Self.fixed(Double(to) / Double(from), 1))): "
                + "warm x\(Self.fixed(larger.warmTotal / smaller.warmTotal, 2)), full median x\(Self.fixed(larger.coldMedian / smaller.coldMedian, 2))")
        }
        Swift.print(json(machine: machine))
    }

    private func json(machine: (cores: Int, cpu: String, load: String)) -> String {
        let entries = results.map { result in
            var fields = ["\"project\":\(Self.quoted(result.name))", "\"tables\":\(result.tables.map(String.init) ?? "null")",
                          "\"operations\":\(result.operations)", "\"inputBytes\":\(result.inputBytes)", "\"outputBytes\":\(result.outputBytes)"]
            for (name, seconds) in zip(WarmRun.stageNames, result.stageMedians) {
                fields.append("\(Self.quoted(name + "Ms")):\(Self.fixed(seconds * 1000, 3))")
            }
            fields += ["\"warmMs\":\(Self.fixed(result.warmTotal * 1000, 3))", "\"coldMedianMs\":\(Self.fixed(result.coldMedian * 1000, 3))",
                       "\"coldMinMs\":\(Self.fixed(result.coldMin * 1000, 3))",
                       "\"peakMemoryKiB\":\(result.peakMemoryKiB)"]
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "{\"benchmark\":\"generate\",\"command\":\(Self.quoted(command)),\"runs\":\(runs),\"opsPerTable\":\(operationsPerTable),"
            + "\"cores\":\(machine.cores),\"cpu\":\(Self.quoted(machine.cpu)),\"load\":\(Self.quoted(machine.load)),"
            + "\"results\":[" + entries.joined(separator: ",") + "]}"
    }

    /// Cores, CPU model and load average, as far as /proc tells (Linux).
    static func machine() -> (cores: Int, cpu: String, load: String) {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(3).joined(separator: " ")
        return (ProcessInfo.processInfo.activeProcessorCount, model, load.isEmpty ? "unknown" : load)
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "0" }
        return String(format: "%.\(digits)f", value)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
