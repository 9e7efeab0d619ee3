@testable import Output
import TestSupport
import XCTest

final class OutputCheckerTests: XCTestCase {
    private let files = [
        "Package.swift": "// swift-tools-version: 5.9\n\(marker)\n",
        "Sources/A.swift": "\(marker)\nlet a = 1\nlet b = 2\n",
    ]

    private func plan(_ folder: TemporaryFolder, _ files: [String: String]) -> OutputPlan {
        OutputPlan(packages: [RenderedPackage(directory: folder.url("Pkg"), files: files.mapValues(GeneratedText.init))])
    }

    func testCurrentOutputIsReportedCurrent() throws {
        let folder = try TemporaryFolder()
        XCTAssertFalse(OutputWriter.write(plan(folder, files)).hasErrors)
        let report = OutputWriter.check(plan(folder, files))
        XCTAssertTrue(report.isCurrent)
        XCTAssertEqual(report.unchanged, 3)
        XCTAssertEqual(report.summary, "up to date")
        XCTAssertEqual(report.render(), "")
    }

    func testChangedMissingAndExtraFiles() throws {
        let folder = try TemporaryFolder()
        var old = files
        old["Sources/Gone.swift"] = "\(marker)\nlet gone = 0\n"
        XCTAssertFalse(OutputWriter.write(plan(folder, old)).hasErrors)
        let before = folder.allFiles().map { folder.read($0) }

        var new = files
        new["Sources/A.swift"] = "\(marker)\nlet a = 1\nlet b = 3\n"
        new["Sources/New.swift"] = "\(marker)\n"
        let report = OutputWriter.check(plan(folder, new), currentDirectory: folder.path)

        XCTAssertFalse(report.isCurrent)
        XCTAssertFalse(report.hasErrors)
        // The manifest comes after the files it lists.
        XCTAssertEqual(report.entries.map(\.difference), [.changed, .extra, .missing, .changed])
        XCTAssertEqual(report.entries.map(\.path), ["Pkg/Sources/A.swift", "Pkg/Sources/Gone.swift", "Pkg/Sources/New.swift", "Pkg/.sdkgen-manifest"].map(folder.url))
        XCTAssertEqual(report.summary, "4 files out of date (1 missing, 2 changed, 1 extra)")
        // The check writes nothing.
        XCTAssertEqual(folder.allFiles().map { folder.read($0) }, before)

        let text = report.render(displayPath: { String($0.dropFirst(folder.path.count + 1)) })
        XCTAssertTrue(text.hasPrefix("""
            changed: Pkg/Sources/A.swift
            extra: Pkg/Sources/Gone.swift
            missing: Pkg/Sources/New.swift
            changed: Pkg/.sdkgen-manifest

            """))
        XCTAssertTrue(text.contains("""
            --- a/Pkg/Sources/A.swift
            +++ b/Pkg/Sources/A.swift
            @@ -1,3 +1,3 @@
             \(marker)
             let a = 1
            -let b = 2
            +let b = 3

            """))
        XCTAssertTrue(text.contains("""
            --- a/Pkg/Sources/Gone.swift
            +++ /dev/null
            @@ -1,2 +0,0 @@
            -\(marker)
            -let gone = 0
            --- /dev/null
            +++ b/Pkg/Sources/New.swift
            @@ -0,0 +1,1 @@
            +\(marker)

            """))
    }

    func testForeignFilesAreErrorsNotStaleness() throws {
        let folder = try TemporaryFolder()
        try folder.write("Pkg/Package.swift", "// mine\n")
        let report = OutputWriter.check(plan(folder, files))
        XCTAssertTrue(report.hasErrors)
        XCTAssertFalse(report.isCurrent)
        XCTAssertEqual(report.entries.count, 0)
        XCTAssertTrue(report.diagnostics.first?.message.hasPrefix("cannot overwrite") ?? false)
    }

    func testDiffOutputIsBounded() throws {
        let folder = try TemporaryFolder()
        let long = marker + "\n" + (1...49).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let report = OutputWriter.check(plan(folder, ["a.txt": long, "b.txt": long, "c.txt": long]))
        XCTAssertEqual(report.entries.count, 4)

        let text = report.render(linesPerFile: 10, totalLines: 25, displayPath: { $0 })
        let lines = text.split(separator: "\n").map(String.init)
        // Listing (4), a.txt and b.txt cut at 10 of 53 lines each, c.txt at the 5 lines left of the
        // budget, the manifest (listed last) not shown at all; each shows its marker line first.
        XCTAssertEqual(lines.filter { $0.hasPrefix("+line") }.count, 6 + 6 + 1)
        XCTAssertEqual(lines.filter { $0.hasPrefix("... ") }, [
            "... 43 more lines of this diff omitted",
            "... 43 more lines of this diff omitted",
            "... 48 more lines of this diff omitted",
            "... 7 more diff lines omitted",
        ])
        XCTAssertEqual(lines.count, 4 + 11 + 11 + 6 + 1)
        XCTAssertEqual(lines.filter { $0 == "--- /dev/null" }.count, 3)
    }
}
