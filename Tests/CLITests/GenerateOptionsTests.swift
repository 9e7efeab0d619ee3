@testable import CLI
import XCTest

/// Issue #32 item 7: `generate`'s options become one typed value, its mode chosen once.
final class GenerateOptionsTests: XCTestCase {
    private func options(_ arguments: [String]) throws -> GenerateOptions {
        try GenerateOptions(ArgumentParser.parse(arguments, for: GenerateCommand.spec))
    }

    func testEachModeFromItsOptions() throws {
        XCTAssertEqual(try options([]).mode, .write)
        XCTAssertEqual(try options(["--check"]).mode, .check)
        XCTAssertEqual(try options(["--watch"]).mode, .watch(interval: 300))
        XCTAssertEqual(try options(["--watch", "--interval", "50"]).mode, .watch(interval: 50))
        XCTAssertEqual(try options(["--sources-only", "out", "--module", "App", "--connector", "movies"]).mode,
                       .sourcesOnly(.init(directory: "out", module: "App", connector: .id("movies"), check: false)))
        XCTAssertEqual(try options(["--sources-only", "out", "--module", "App", "--config", "sdkgen.json", "--check"]).mode,
                       .sourcesOnly(.init(directory: "out", module: "App", connector: .configFile("sdkgen.json"), check: true)))
    }

    func testProjectConnectorsAndVerbose() throws {
        let parsed = try options(["--project", "app", "--connector", "a", "--connector", "b", "--connector", "a", "--verbose"])
        XCTAssertEqual(parsed.projectDirectory, "app")
        XCTAssertEqual(parsed.connectors, ["a", "b"])
        XCTAssertTrue(parsed.verbose)
        let plain = try options([])
        XCTAssertNil(plain.connectors)
        XCTAssertNil(plain.projectDirectory)
        XCTAssertFalse(plain.verbose)
    }

    /// The first of several conflicts is the one reported, as before the options were typed.
    func testConflictsAreUsageErrorsInAFixedOrder() {
        XCTAssertThrowsError(try options(["--check", "--watch", "--interval", "0"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "'--check' and '--watch' cannot be used together.")
        }
        XCTAssertThrowsError(try options(["--watch", "--interval", "0", "--sources-only", "out"])) {
            XCTAssertEqual(($0 as? UsageError)?.command, "generate")
            XCTAssertTrue(($0 as? UsageError)?.message.hasPrefix("The value of '--interval'") == true)
        }
        XCTAssertThrowsError(try options(["--module", "App", "--config", "f.json"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "'--module' only applies with '--sources-only'.")
        }
    }
}
