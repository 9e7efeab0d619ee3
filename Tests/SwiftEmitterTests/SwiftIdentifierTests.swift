import XCTest
@testable import SwiftEmitter

final class SwiftIdentifierTests: XCTestCase {
    func testKeywordsAreEscaped() {
        for keyword in ["default", "class", "protocol", "operator", "in", "is", "self", "Type", "Self", "init", "where", "as"] {
            XCTAssertEqual(SwiftIdentifier.escaped(keyword), "`\(keyword)`", keyword)
        }
    }

    func testOrdinaryNamesAreKept() {
        for name in ["title", "id", "user_upsert", "_count", "type", "get", "set", "some", "any", "Default", "async"] {
            XCTAssertEqual(SwiftIdentifier.escaped(name), name, name)
        }
    }

    func testEveryReservedWordAndNothingElseIsReserved() {
        for word in SwiftIdentifier.reservedWords {
            XCTAssertTrue(SwiftIdentifier.isReserved(word), word)
            for variant in [word + "s", String(word.dropLast()), word.uppercased(), "_" + word] {
                XCTAssertEqual(SwiftIdentifier.isReserved(variant), SwiftIdentifier.reservedWords.contains(variant), variant)
            }
        }
        XCTAssertFalse(SwiftIdentifier.isReserved(""))
        XCTAssertFalse(SwiftIdentifier.isReserved(String(repeating: "x", count: 100)))
        for name in ["precedencegroups", "precedencegroupss", "ïf", "i\u{301}f", "class\u{0}", "\u{0}class"] {
            XCTAssertFalse(SwiftIdentifier.isReserved(name), name)
        }
    }

    func testArgumentLabelsNeedBackticksOnlyForThreeKeywords() {
        XCTAssertEqual(SwiftIdentifier.argumentLabel("default"), "default")
        XCTAssertEqual(SwiftIdentifier.argumentLabel("is"), "is")
        XCTAssertEqual(SwiftIdentifier.argumentLabel("inout"), "`inout`")
        XCTAssertEqual(SwiftIdentifier.argumentLabel("var"), "`var`")
        XCTAssertEqual(SwiftIdentifier.argumentLabel("let"), "`let`")
    }

    func testValidity() {
        XCTAssertTrue(SwiftIdentifier.isValid("CityLibraryConnector"))
        XCTAssertTrue(SwiftIdentifier.isValid("_x1"))
        XCTAssertFalse(SwiftIdentifier.isValid(""))
        XCTAssertFalse(SwiftIdentifier.isValid("_"))
        XCTAssertFalse(SwiftIdentifier.isValid("2fastConnector"))
        XCTAssertFalse(SwiftIdentifier.isValid("a.b"))
        XCTAssertFalse(SwiftIdentifier.isValid("café"))
    }
}
