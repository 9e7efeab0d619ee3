import Foundation
import TestSupport
import XCTest

/// Every check that reads the shared corpus (`SharedFolder`), run by one test so that a clone without
/// the corpus reports a single skip (and CI, which always has it, a single failure). Each failure
/// message starts with the name of its check. `SDKGEN_CORPUS_CHECK` runs only some: a comma-separated
/// list of check names (`Schema.everyCorpusNamePair`), groups (`Schema`) or tiers (`fast`, `slow`).
final class CorpusTests: XCTestCase {
    static var checks: [CorpusCheck] {
        YAMLChecks.all + ProjectChecks.all + GraphQLChecks.all + SchemaChecks.all + IRChecks.all
            + EmitterChecks.all + InitChecks.all
    }

    /// The check running now, which names the failures recorded.
    private var running: String?

    func testCorpusChecks() throws {
        _ = try SharedFolder.corpus(skipping: "the \(Self.checks.count) corpus checks")
        let selection = ProcessInfo.processInfo.environment["SDKGEN_CORPUS_CHECK"].map { $0.split(separator: ",").map(String.init) }
        let unknown = (selection ?? []).filter { selector in !Self.checks.contains { $0.matches(selector) } }
        guard unknown.isEmpty else {
            return XCTFail("SDKGEN_CORPUS_CHECK: no check matches \(unknown); the checks are \(Self.checks.map(\.name).joined(separator: ", "))")
        }
        let checks = Self.checks.filter { check in selection?.contains(where: check.matches) ?? true }
        for check in checks {
            running = check.name
            do {
                try check.run()
            } catch {
                XCTFail("threw \(error)")
            }
            running = nil
        }
        print("corpus: \(checks.count) of \(Self.checks.count) checks run")
    }

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        var issue = issue
        if let running { issue.compactDescription = "\(running): \(issue.compactDescription)" }
        super.record(issue)
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let description = running.map { "\($0): \(description)" } ?? description
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    #endif
}

/// One check over the corpus: `Group.name`, where the group is the stage it checks.
struct CorpusCheck {
    var name: String
    /// Slow checks (a minute or so each) belong to the slow tier of docs/testing.md.
    var slow: Bool
    var run: () throws -> Void

    init(_ name: String, slow: Bool = false, _ run: @escaping () throws -> Void) {
        self.name = name
        self.slow = slow
        self.run = run
    }

    /// Whether `selector` is this check's name, its group or its tier (`fast` or `slow`).
    func matches(_ selector: String) -> Bool {
        [name, String(name.prefix { $0 != "." }), slow ? "slow" : "fast"].contains(selector)
    }
}
