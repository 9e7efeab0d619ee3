import Diagnostics
import XCTest
@testable import Project

/// `sdkgen.json` of `generate --sources-only --config`.
final class SourcesConfigFileTests: XCTestCase {
    func testProjectIsRelativeToTheFile() throws {
        let tree = try TemporaryTree(["App/Sources/sdkgen.json": #"{"project": "../../dataconnect/.", "connector": "movies"}"#])
        let (config, diagnostics) = SourcesConfigFile.read(tree.root + "/App/Sources/sdkgen.json")
        XCTAssertEqual(tree.describe(diagnostics), [])
        XCTAssertEqual(config?.project, tree.root + "/App/Sources/../../dataconnect")
        XCTAssertEqual(config?.connector, "movies")
    }

    func testAbsoluteProjectIsKept() throws {
        let tree = try TemporaryTree(["sdkgen.json": #"{"connector": "c", "project": "/srv/./dc"}"#])
        let (config, diagnostics) = SourcesConfigFile.read(tree.root + "/sdkgen.json")
        XCTAssertEqual(tree.describe(diagnostics), [])
        XCTAssertEqual(config?.project, "/srv/dc")
    }

    func testMistakesAreErrorsAtTheFile() throws {
        let cases = [
            "": "sdkgen.json: error: sdkgen.json is not a JSON object; write {\"project\": \"<folder with dataconnect.yaml>\", \"connector\": \"<connectorId>\"}",
            #"{"project": "x", "connector": "c", "module": "M"}"#: "sdkgen.json: error: unknown key \"module\" in sdkgen.json",
            #"{"project": "", "connector": "c"}"#:
                "sdkgen.json: error: sdkgen.json needs \"project\": the folder with dataconnect.yaml (or a Firebase project root), relative to sdkgen.json",
            #"{"project": "x", "connector": ["c"]}"#:
                "sdkgen.json: error: sdkgen.json needs \"connector\": the connectorId of the connector whose sources to generate",
        ]
        for (text, expected) in cases {
            let tree = try TemporaryTree(["sdkgen.json": text])
            let (config, diagnostics) = SourcesConfigFile.read(tree.root + "/sdkgen.json")
            XCTAssertNil(config, text)
            XCTAssertEqual(tree.describe(diagnostics), [expected], text)
        }
    }
}
