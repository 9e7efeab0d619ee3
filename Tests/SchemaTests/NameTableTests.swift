import XCTest
@testable import Schema

final class NameTableTests: XCTestCase {
    func testLookupsSurviveGrowthAndKeepInsertionOrder() {
        var table = NameTable<Int>()
        XCTAssertNil(table["a"], "an empty table finds nothing")
        let names = (0..<3_000).map { "name\($0)" } + ["", "é", "e\u{301}", "_id", String(repeating: "x", count: 200)]
        for (position, name) in names.enumerated() { XCTAssertTrue(table.insert(position, for: name), name) }
        XCTAssertEqual(table.count, names.count)
        XCTAssertEqual(table.names, names)
        XCTAssertEqual(table.values, Array(names.indices))
        for (position, name) in names.enumerated() {
            XCTAssertEqual(table[name], position, name)
            XCTAssertEqual(table.position(of: name), position, name)
        }
        XCTAssertNil(table["name3000"])
        XCTAssertNil(table["Name1"])
    }

    /// A taken name is refused and keeps its first value; values change in place through `modify`.
    func testInsertRefusesTakenNamesAndModifyChangesInPlace() {
        var table = NameTable<[String]>()
        XCTAssertTrue(table.insert(["a"], for: "k"))
        XCTAssertFalse(table.insert(["b"], for: "k"))
        XCTAssertEqual(table["k"], ["a"])
        XCTAssertEqual(table.modify("k") { list -> Int in list.append("c"); return list.count }, 2)
        XCTAssertEqual(table["k"], ["a", "c"])
        XCTAssertNil(table.modify("missing") { $0.append("x") })
        XCTAssertEqual(table.count, 1)
    }

    /// Copies are values: a change to one never shows in the other.
    func testCopiesAreIndependent() {
        var original = NameTable<Int>()
        original.insert(1, for: "one")
        var copy = original
        copy.insert(2, for: "two")
        copy.modify("one") { $0 = 10 }
        XCTAssertEqual(original.names, ["one"])
        XCTAssertEqual(original["one"], 1)
        XCTAssertNil(original["two"])
        XCTAssertEqual(copy["one"], 10)
        XCTAssertEqual(copy["two"], 2)
    }
}
