import Output
import XCTest

final class OutputPathsTests: XCTestCase {
    func testListsFilesManifestsFoldersAndTheRecord() {
        let plan = OutputPlan(packages: [
            RenderedPackage(directory: "/p/gen/./A", files: ["Package.swift": "", "Sources/A.swift": "", "Sources/Operations/Q.swift": ""]),
            RenderedPackage(directory: "/p/gen/B", files: ["Package.swift": ""]),
        ], recordFile: "/p/.dataconnect/sdkgen-packages")
        XCTAssertEqual(Set(plan.outputPaths), [
            "/p/gen/A/.sdkgen-manifest", "/p/gen/A/Package.swift", "/p/gen/A/Sources/A.swift", "/p/gen/A/Sources/Operations/Q.swift",
            "/p/gen/B/.sdkgen-manifest", "/p/gen/B/Package.swift",
            "/p/gen/A", "/p/gen/A/Sources", "/p/gen/A/Sources/Operations", "/p/gen/B",
            "/p/.dataconnect/sdkgen-packages",
        ])
        XCTAssertEqual(plan.outputPaths.count, 11, "each path once")
    }

    /// Folders are split at the slash bytes, whatever characters (combining ones included) surround them.
    func testNonASCIIFolderNames() {
        let plan = OutputPlan(packages: [RenderedPackage(directory: "/p/É", files: ["Café/\u{301}x/Q.swift": ""])])
        XCTAssertEqual(Set(plan.outputPaths), [
            "/p/É/.sdkgen-manifest", "/p/É/Café/\u{301}x/Q.swift", "/p/É", "/p/É/Café", "/p/É/Café/\u{301}x",
        ])
    }

    func testNoRecordFileWithoutOne() {
        let plan = OutputPlan(packages: [RenderedPackage(directory: "/p/A", files: ["Package.swift": ""])])
        XCTAssertEqual(Set(plan.outputPaths), ["/p/A/.sdkgen-manifest", "/p/A/Package.swift", "/p/A"])
    }
}
