import Foundation
import XCTest
@testable import SwiftEmitter

/// Builds the generated packages of every fixture against this repository's `SDKGenDataConnect`
/// together with app code that uses their API as an app written for Firebase's SDK would, then
/// runs a program that checks the wire behaviour of the generated types (`WireChecks`). One
/// `swift build` for all of them keeps the suite fast. Set `SDKGEN_SKIP_COMPILE_TEST=1` to skip.
final class GeneratedPackageCompileTests: XCTestCase {
    func testFixturePackagesCompileWithAppCode() throws {
        if ProcessInfo.processInfo.environment["SDKGEN_SKIP_COMPILE_TEST"] == "1" {
            throw XCTSkip("SDKGEN_SKIP_COMPILE_TEST=1")
        }
        var build = PackageBuild(name: "fixtures")
        defer { build.cleanUp() }
        for fixture in Fixture.all {
            let (files, diagnostics, options) = try fixture.emit { options in
                options.runtime = .sdkgen(.path(Fixture.packageRoot.path))
                #if !canImport(Combine)
                // `QueryRefObservableObject` needs Combine, which Linux lacks.
                options.observablePublisher = .observableMacro
                #endif
            }
            XCTAssertEqual(diagnostics.map(\.description), [])
            try build.add(files, package: options.packageName, code: AppUsage.code[fixture.name] ?? "")
        }
        build.addExecutable("WireChecks", packages: ["LibrarySDK", "ScalarKitchen"], code: WireChecks.code)
        try build.build()
        let (status, output) = try build.run("WireChecks")
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("all wire checks passed"), output)
    }
}
