import Diagnostics
import GraphQL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `parse [--runs N] FILE...`: lex-only and full-parse throughput per file and in total.
struct ParseBenchmark {
    var runs = 10
    var paths: [String] = []

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--runs" {
                guard let value = rest.popFirst(), let count = Int(value), count > 0 else {
                    throw UsageError(description: "--runs needs a positive number")
                }
                runs = count
            } else {
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw UsageError(description: "usage: parse [--runs N] FILE...") }
    }

    func run() throws {
        // Read and parse everything first so that a bad path or a syntax error stops before any output.
        let sources = try paths.map { SourceFile(path: $0, bytes: try Self.read($0)) }
        for source in sources { _ = try Parser.parseDocument(source) }
        print("file".padding(to: 40) + "bytes".leftPadding(to: 10) + "iters".leftPadding(to: 7)
            + "lex MB/s".leftPadding(to: 11) + "parse MB/s".leftPadding(to: 12))
        var totalBytes = 0
        var totalLex = 0.0
        var totalParse = 0.0
        var sink = 0
        for source in sources {
            let iterations = try Stopwatch.iterations(target: 0.1) { try Self.parse(source) }
            let lex = try Stopwatch.bestTime(runs: runs, iterations: iterations) { try Self.lex(source) }
            let parse = try Stopwatch.bestTime(runs: runs, iterations: iterations) { try Self.parse(source) }
            sink &+= lex.sink &+ parse.sink
            totalBytes += source.bytes.count
            totalLex += lex.seconds
            totalParse += parse.seconds
            print(Self.row(name: source.path, bytes: source.bytes.count, iterations: iterations, lex: lex.seconds, parse: parse.seconds))
        }
        if paths.count > 1 {
            print(Self.row(name: "total", bytes: totalBytes, iterations: nil, lex: totalLex, parse: totalParse))
        }
        let memory = Stopwatch.peakMemory()
        var memoryLine = "peak memory: ru_maxrss \(memory.value) \(memory.unit)"
        if let own = Stopwatch.ownPeakMemoryKiB() { memoryLine += ", VmHWM \(own) KiB (this process only)" }
        print(memoryLine)
        print("best of \(runs) runs after a warm-up run; checksum \(sink & 0xFFFF)")
    }

    private static func lex(_ source: SourceFile) throws -> Int {
        var lexer = Lexer(source: source)
        var count = 0
        while try lexer.next().kind != .endOfFile { count += 1 }
        return count
    }

    private static func parse(_ source: SourceFile) throws -> Int {
        try Parser.parseDocument(source).definitions.count
    }

    private static func row(name: String, bytes: Int, iterations: Int?, lex: Double, parse: Double) -> String {
        let shown = name.count > 39 ? "…" + name.suffix(38) : name
        return shown.padding(to: 40) + String(bytes).leftPadding(to: 10)
            + (iterations.map(String.init) ?? "").leftPadding(to: 7)
            + format(Double(bytes) / lex / 1e6).leftPadding(to: 11) + format(Double(bytes) / parse / 1e6).leftPadding(to: 12)
    }

    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw UsageError(description: "cannot open \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }
}
