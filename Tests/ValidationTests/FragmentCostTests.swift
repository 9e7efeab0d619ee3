import Diagnostics
import Foundation
import GraphQL
import Schema
import TestSupport
import XCTest
@testable import Validation

/// Work on fragments stays linear in the document: chains of fragments that spread the next one
/// twice are compared, walked and searched once per fragment, and still give exact answers.
final class FragmentCostTests: XCTestCase {
    /// `G0` .. `Gn`, alternating between MovieActor and Movie, each selecting the same field twice
    /// with the next fragment inside: every comparison of the two fields compares the two of the
    /// next level twice over.
    private static func repeatedSubselections(levels: Int, innermost: String) -> String {
        var text = "query Q { movieActors { ...G0 } }\n"
        for level in 0..<levels {
            let next = "...G\(level + 1)"
            text += level % 2 == 0
                ? "fragment G\(level) on MovieActor { m: movie { \(next) } m: movie { \(next) } }\n"
                : "fragment G\(level) on Movie { r: movieActors_on_movie { \(next) } r: movieActors_on_movie { \(next) } }\n"
        }
        return text + "fragment G\(levels) on \(levels % 2 == 0 ? "MovieActor" : "Movie") { \(innermost) }\n"
    }

    // 40 levels: 4^40 comparisons if every pair were compared once per path to it. The watchdog
    // fails rather than hangs the suite.
    func testRepeatedSubselectionsAreComparedOncePerPair() throws {
        let messages = Watchdog.run(seconds: 60) {
            Fixture.messages(Self.repeatedSubselections(levels: 40, innermost: "title"), OverlappingFieldsCanBeMergedRule.init)
        }
        XCTAssertEqual(messages, [])
    }

    // 100,000 response keys in one selection: searching a list for each took 20 s (release build).
    func testWideSelectionChecksItsKeysInLinearTime() throws {
        let text = "query Q { movies { " + (0..<100_000).map { "a\($0): title" }.joined(separator: " ") + " } }"
        let messages = Watchdog.run(seconds: 60) { Fixture.messages(text, OverlappingFieldsCanBeMergedRule.init) }
        XCTAssertEqual(messages, [])
    }

    func testConflictDeepInTheChainIsStillFound() {
        let text = Self.repeatedSubselections(levels: 6, innermost: "role")
            .replacingOccurrences(of: "fragment G5 on Movie { r: movieActors_on_movie { ...G6 } r: movieActors_on_movie { ...G6 } }",
                                  with: "fragment G5 on Movie { r: movieActors_on_movie { ...G6 } r: movieActors_on_movie { role: id } }")
        let messages = Fixture.messages(text, OverlappingFieldsCanBeMergedRule.init)
        XCTAssertEqual(messages.count, 6, "one per level: \(messages)")
        XCTAssertTrue(messages.last?.hasPrefix("Fields \"r\" conflict because subfields \"role\" conflict because \"role\" and \"id\" are different fields") ?? false, "\(messages)")
        XCTAssertTrue(messages.first?.contains("\"role\" and \"id\" are different fields") ?? false, "\(messages)")
    }

    /// `F0 { ...F1 ...F1 }` .. `Fn { title(where: $v) }` or similar: the variable used at the end is found.
    private static func doublingChain(levels: Int, innermost: String) -> String {
        var text = ""
        for level in 0..<levels {
            text += "fragment F\(level) on Movie { ...F\(level + 1) ...F\(level + 1) }\n"
        }
        return text + "fragment F\(levels) on Movie { \(innermost) }\n"
    }

    // 30 levels: 2^30 visits if any rule followed every spread. The watchdog fails rather than
    // hangs the suite.
    func testDoublingChainValidatesWithExactResults() {
        let chain = Self.doublingChain(levels: 30, innermost: "title @include(if: $show)")
        let results = Watchdog.run(seconds: 60) {
            ["query Q($show: Boolean!) { movies { ...F0 } }\n", "query Q { movies { ...F0 } }\n",
             "query Q($show: Boolean!, $unused: Int) { movies { ...F0 } }\n"].map { Fixture.diagnostics([$0 + chain]).map(\.message) }
        }
        XCTAssertEqual(results, [[], ["Variable \"$show\" is not defined by operation \"Q\"."],
                                 ["Variable \"$unused\" is never used in operation \"Q\"."]])
    }
}
