import Foundation
import TestSupport
import XCTest

/// Package.swift (Swift 6 tools) and Package@swift-5.10.swift must declare the same package; only
/// the tools version and the language settings around the declaration differ.
final class PackageManifestTests: XCTestCase {
    func testBothManifestsDeclareTheSamePackage() throws {
        let root = SharedFolder.packageRoot
        let current = try declaration(in: root.appendingPathComponent("Package.swift"))
        let legacy = try declaration(in: root.appendingPathComponent("Package@swift-5.10.swift"))
        XCTAssertTrue(current.contains(".target(name: \"Diagnostics\")"))
        XCTAssertEqual(current, legacy, "copy the `let package = Package(...)` block of Package.swift into Package@swift-5.10.swift")
    }

    /// The text from `let package = Package(` to its closing parenthesis at the start of a line.
    private func declaration(in file: URL) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "let package = Package("), file.lastPathComponent)
        let end = try XCTUnwrap(text.range(of: "\n)\n", range: start.upperBound..<text.endIndex), file.lastPathComponent)
        return String(text[start.lowerBound..<end.upperBound])
    }
}
