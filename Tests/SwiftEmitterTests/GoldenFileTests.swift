import XCTest
@testable import SwiftEmitter

/// The complete generated package of every fixture, compared with `Golden/<fixture>/`.
final class GoldenFileTests: XCTestCase {
    func testLibrary() throws { try assertGolden(.library) }
    func testRealtime() throws { try assertGolden(.realtime) }
    func testScalars() throws { try assertGolden(.scalars) }

    private func assertGolden(_ fixture: Fixture, file: StaticString = #filePath, line: UInt = #line) throws {
        let (files, diagnostics) = try fixture.emit()
        XCTAssertEqual(diagnostics.map(\.description), [], file: file, line: line)
        XCTAssertEqual(files.count, 5, file: file, line: line)
        for generated in files {
            Golden.assertMatches(generated.contents, golden: "\(fixture.name)/\(generated.path)", file: file, line: line)
        }
    }
}
