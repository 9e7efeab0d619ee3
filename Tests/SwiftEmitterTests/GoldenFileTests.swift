import XCTest
@testable import SwiftEmitter

/// The complete generated package of every fixture, compared with `Golden/<fixture>/`.
final class GoldenFileTests: XCTestCase {
    func testLibrary() throws { try assertGolden(.library) }
    func testRealtime() throws { try assertGolden(.realtime) }
    func testScalars() throws { try assertGolden(.scalars) }

    /// The fixtures' YAML says what the golden files were made with.
    func testFixtureConfiguration() throws {
        let library = try Fixture.library.load()
        XCTAssertEqual(library.connector, ConnectorIdentity(connectorId: "city-library", serviceId: "stacks", location: "europe-west1"))
        XCTAssertEqual(library.options, SwiftSDKOptions(packageName: "LibrarySDK"))
        let realtime = try Fixture.realtime.load()
        XCTAssertEqual(realtime.options, SwiftSDKOptions(packageName: "MoviesSDK", clientCache: ClientCacheOptions(storage: .memory, maxAge: 30)))
        let scalars = try Fixture.scalars.load()
        XCTAssertEqual(scalars.connector.connectorId, "scalar_kitchen")
        XCTAssertEqual(scalars.options, SwiftSDKOptions(packageName: "ScalarKitchen", observablePublisher: .observableObject))
    }

    private func assertGolden(_ fixture: Fixture, file: StaticString = #filePath, line: UInt = #line) throws {
        let (files, diagnostics, _) = try fixture.emit()
        XCTAssertEqual(diagnostics.map(\.description), [], file: file, line: line)
        XCTAssertEqual(files.count, 5, file: file, line: line)
        for generated in files {
            Golden.assertMatches(generated.contents, golden: "\(fixture.name)/\(generated.path)", file: file, line: line)
        }
    }
}
