import XCTest
@testable import Validation

final class ShortNameListsTests: XCTestCase {
    /// Lists at and past the limit take different paths; both report the same repeats in order.
    func testRepeatsAreFoundInOrderOnBothSidesOfTheLimit() {
        for count in [ShortNameLists.linearLimit, ShortNameLists.linearLimit + 1, 40] {
            let names = (0..<count).map { "n\($0 % (count - 3))" }
            var repeats: [String] = []
            ShortNameLists.forEachRepeat(in: Array(names.enumerated()), name: { $0.element }) { repeats.append("\($0.offset):\($0.element)") }
            XCTAssertEqual(repeats, (count - 3..<count).map { "\($0):n\($0 - (count - 3))" }, "count \(count)")
        }
        var none: [String] = []
        ShortNameLists.forEachRepeat(in: ["a"], name: { $0 }) { none.append($0) }
        ShortNameLists.forEachRepeat(in: ["a", "b", "c"], name: { $0 }) { none.append($0) }
        XCTAssertEqual(none, [])
    }

    func testNameIndexFindsTheFirstPositionOnBothSidesOfTheLimit() {
        for count in [3, ShortNameLists.linearLimit, ShortNameLists.linearLimit + 1, 100] {
            let names = (0..<count).map { "v\($0)" } + ["v0"]
            let index = NameIndex(names)
            XCTAssertEqual(index.firstIndex(of: "v0"), 0, "count \(count)")
            XCTAssertEqual(index.firstIndex(of: "v\(count - 1)"), count - 1, "count \(count)")
            XCTAssertNil(index.firstIndex(of: "v\(count)"), "count \(count)")
            XCTAssertFalse(index.contains(""), "count \(count)")
        }
    }

    func testShortNameSetFindsRepeatsOnBothSidesOfTheLimit() {
        for count in [1, ShortNameLists.linearLimit, ShortNameLists.linearLimit + 1, 40] {
            var set = ShortNameSet(capacity: count)
            for index in 0..<count { XCTAssertTrue(set.insert("k\(index)"), "count \(count)") }
            XCTAssertFalse(set.insert("k0"), "count \(count)")
            XCTAssertFalse(set.insert("k\(count - 1)"), "count \(count)")
            XCTAssertTrue(set.insert("k\(count)"), "count \(count)")
            XCTAssertFalse(set.insert("k\(count)"), "count \(count)")
        }
    }

    /// A selection past the limit with a repeated key is still checked for conflicts.
    func testLongSelectionsStillFindConflicts() {
        let fields = (0..<20).map { "f\($0): title" }.joined(separator: " ")
        let messages = Fixture.messages("query Q { movies { \(fields) f7: id } }", { OverlappingFieldsCanBeMergedRule() })
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.hasPrefix("Fields \"f7\" conflict") ?? false, "\(messages)")
    }

    /// Argument lists past the limit still report every repeat, once each.
    func testLongArgumentListsReportEveryRepeat() {
        let arguments = (0..<20).map { "a\($0): 1" } + ["a3: 2", "a19: 2", "a3: 3"]
        let messages = Fixture.messages("query Q { movies(\(arguments.joined(separator: ", "))) { id } }", { UniqueArgumentNamesRule() })
        XCTAssertEqual(messages, ["a3", "a19", "a3"].map { "There can be only one argument named \"\($0)\"." })
    }
}
