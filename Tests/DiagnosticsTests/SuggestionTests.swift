@testable import Diagnostics
import XCTest

final class SuggestionTests: XCTestCase {
    func testFindsCloseNames() {
        XCTAssertEqual(Suggestion.closest(to: "titel", in: ["title", "year"]), "title")
        XCTAssertEqual(Suggestion.closest(to: "movies_insert", in: ["movie_insert", "movie_update"]), "movie_insert")
        XCTAssertEqual(Suggestion.closest(to: "outputdir", in: ["outputDir", "package"]), "outputDir")
    }

    func testRejectsDistantNames() {
        XCTAssertNil(Suggestion.closest(to: "x", in: ["year"]))
        XCTAssertNil(Suggestion.closest(to: "genre", in: ["rating", "title"]))
        XCTAssertNil(Suggestion.closest(to: "a", in: []))
    }

    func testTiesAreIndependentOfOrder() {
        XCTAssertEqual(Suggestion.closest(to: "cat", in: ["bat", "cab"]), "bat")
        XCTAssertEqual(Suggestion.closest(to: "cat", in: ["cab", "bat"]), "bat")
    }

    func testConfigurationKeysAndAbbreviations() {
        XCTAssertEqual(Suggestion.closest(to: "outputdir", in: ["outputDir", "package"]), "outputDir")
        XCTAssertEqual(Suggestion.closest(to: "pakage", in: ["outputDir", "package"]), "package")
        XCTAssertEqual(Suggestion.closest(to: "kotlin", in: ["kotlinSdk", "swiftSdk"]), "kotlinSdk")
        XCTAssertNil(Suggestion.closest(to: "react", in: ["outputDir", "package"]))
        XCTAssertEqual(Suggestion.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)), 3)
    }
}
