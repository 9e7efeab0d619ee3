import Diagnostics
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
}
