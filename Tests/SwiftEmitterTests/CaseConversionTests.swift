import XCTest
@testable import SwiftEmitter

final class CaseConversionTests: XCTestCase {
    func testSpecExamplesUpperCamel() {
        let examples = [
            "friendly-flix": "FriendlyFlix",
            "kitchen-sink": "KitchenSink",
            "createTestId": "CreateTestId",
            "Insert2Items": "Insert2Items",
            "GetUserByID": "GetUserById",
            "HTTPThing": "HttpThing",
            "CreateUserMutation": "CreateUserMutation",
            "city-library": "CityLibrary",
            "example": "Example",
            "default": "Default",
        ]
        for (input, expected) in examples {
            XCTAssertEqual(CaseConversion.upperCamel(input), expected, input)
        }
    }

    func testSpecExamplesLowerCamel() {
        XCTAssertEqual(CaseConversion.lowerCamel("friendly-flix"), "friendlyFlix")
        XCTAssertEqual(CaseConversion.lowerCamel("CreateUserMutationMutation"), "createUserMutationMutation")
        XCTAssertEqual(CaseConversion.lowerCamel("ListMoviesQuery"), "listMoviesQuery")
        XCTAssertEqual(CaseConversion.lowerCamel("ActorMainActors"), "actorMainActors")
        XCTAssertEqual(CaseConversion.lowerCamel("HTTPThing"), "httpThing")
    }

    func testDelimitersAreDroppedAndCapitaliseTheNextLetter() {
        XCTAssertEqual(CaseConversion.upperCamel("main_actors"), "MainActors")
        XCTAssertEqual(CaseConversion.upperCamel("a b\tc\nd\re"), "ABCDE")
        XCTAssertEqual(CaseConversion.upperCamel("__private"), "Private")
        XCTAssertEqual(CaseConversion.lowerCamel("_count"), "Count")
        XCTAssertEqual(CaseConversion.upperCamel("snake_case_name"), "SnakeCaseName")
        XCTAssertEqual(CaseConversion.upperCamel("a--b"), "AB")
    }

    func testSurroundingWhitespaceIsTrimmed() {
        XCTAssertEqual(CaseConversion.upperCamel("  movie list \n"), "MovieList")
        XCTAssertEqual(CaseConversion.upperCamel(""), "")
        XCTAssertEqual(CaseConversion.upperCamel(" - "), "")
    }

    func testDigits() {
        // v1.3.1: an upper-case letter after a digit is kept (it was lowered before v3.0.0).
        XCTAssertEqual(CaseConversion.upperCamel("insert2Items"), "Insert2Items")
        XCTAssertEqual(CaseConversion.upperCamel("insert2items"), "Insert2items")
        XCTAssertEqual(CaseConversion.upperCamel("person1"), "Person1")
        XCTAssertEqual(CaseConversion.upperCamel("2fast"), "2fast")
        XCTAssertEqual(CaseConversion.lowerCamel("V2API"), "v2Api")
    }

    func testRunsOfCapitalsKeepTheLastBeforeALowercaseLetter() {
        XCTAssertEqual(CaseConversion.upperCamel("SEOPage"), "SeoPage")
        XCTAssertEqual(CaseConversion.upperCamel("ABC"), "Abc")
        XCTAssertEqual(CaseConversion.lowerCamel("ABC"), "abc")
        XCTAssertEqual(CaseConversion.upperCamel("aBC"), "ABc")
    }

    func testNonASCIILettersAreKeptAsWritten() {
        XCTAssertEqual(CaseConversion.upperCamel("émile-zola"), "émileZola")
        // A non-ASCII letter belongs to no class, so a capital after it is lowered and it is never recased.
        XCTAssertEqual(CaseConversion.upperCamel("zoëBOOK"), "Zoëbook")
        XCTAssertEqual(CaseConversion.lowerCamel("ÄRGER_list"), "ÄrgerList")
    }

    func testUnicodeWhitespaceIsTrimmedLikeGo() {
        XCTAssertEqual(CaseConversion.upperCamel("\u{00A0}movie list\u{3000}"), "MovieList")
        XCTAssertEqual(CaseConversion.upperCamel("\u{000B}\u{000C}movie"), "Movie")
    }
}
