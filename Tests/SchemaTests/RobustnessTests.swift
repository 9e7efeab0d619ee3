import Diagnostics
import Foundation
import GraphQL
import TestSupport
import XCTest
@testable import Schema

/// Damaged schemas must give diagnostics, never a crash: corpus schemas with lines removed,
/// duplicated or swapped, and with tokens replaced, all synthesize or fail cleanly.
final class RobustnessTests: XCTestCase {
    /// A small deterministic generator, so that failures reproduce.
    private struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    private static let replacements = ["", "@table", "@view", "[", "]", "!", "key: []", "@ref(fields: \"x\")", "@unique",
                                       "Int", "String", "X", "@col(size: 2)", "extend type", "enum", "id: ID!", "@default(value: 1)"]

    func testDamagedCorpusSchemasNeverCrash() throws {
        var generator = SplitMix(state: 42)
        var built = 0
        var rejected = 0
        let projects = try SharedFolder.corpusProjects().filter {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("schema/schema.gql").path)
        }
        for project in projects.prefix(12) {
            let text = try String(contentsOf: project.appendingPathComponent("schema/schema.gql"), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            for _ in 0..<25 {
                var mutated = lines
                for _ in 0..<3 where !mutated.isEmpty {
                    let index = Int.random(in: 0..<mutated.count, using: &generator)
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: mutated.remove(at: index)
                    case 1: mutated.insert(mutated[index], at: index)
                    case 2: mutated.swapAt(index, Int.random(in: 0..<mutated.count, using: &generator))
                    default:
                        var words = mutated[index].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                        if !words.isEmpty {
                            words[Int.random(in: 0..<words.count, using: &generator)] =
                                Self.replacements[Int.random(in: 0..<Self.replacements.count, using: &generator)]
                        }
                        mutated[index] = words.joined(separator: " ")
                    }
                }
                guard let document = try? Parser.parseDocument(SourceFile(path: "mutated.gql", text: mutated.joined(separator: "\n")))
                else { continue }
                let (schema, diagnostics) = SchemaBuilder.build(userSchema: [document])
                if schema == nil {
                    rejected += 1
                    XCTAssertTrue(diagnostics.contains { $0.severity == .error }, "a rejected schema must say why")
                    XCTAssertTrue(diagnostics.allSatisfy { $0.span != nil }, "every schema error points somewhere")
                } else {
                    built += 1
                }
            }
        }
        XCTAssertGreaterThan(built, 0)
        XCTAssertGreaterThan(rejected, 0)
    }
}
