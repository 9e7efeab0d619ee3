import Foundation
@testable import Output
import XCTest

/// Compares generated text with files under `Golden/`. `SDKGEN_UPDATE_GOLDEN=1` rewrites them.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["SDKGEN_UPDATE_GOLDEN"] == "1" }

    static func assertMatches(_ actual: String, golden relativePath: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = folder.appendingPathComponent(relativePath)
        if isUpdating {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                XCTFail("cannot write golden file \(relativePath): \(error)", file: file, line: line)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("missing golden file \(relativePath); run with SDKGEN_UPDATE_GOLDEN=1 to create it", file: file, line: line)
            return
        }
        if expected != actual {
            XCTFail("""
                \(relativePath) differs from the generated text (- golden, + generated); \
                run with SDKGEN_UPDATE_GOLDEN=1 to accept:
                \(UnifiedDiff.lines(old: expected, new: actual, path: relativePath).prefix(120).joined(separator: "\n"))
                """, file: file, line: line)
        }
    }
}
