import Foundation
@testable import Output
import TestSupport
import XCTest

/// Issue #32: a run cut short at any step boundary of the writer (the failure is injected in
/// process, by applying only the first steps) leaves a disk from which the next run, of either
/// configuration, ends byte-identical to a clean generation, and `--check` reports exactly what
/// that run then does.
final class InterruptionTests: XCTestCase {
    /// A: two packages. B: one file changed, one dropped, a folder of new ones added in the first;
    /// the second moved to another folder (so the record changes and the old folder is retired).
    private func configuration(_ name: String, in root: String) -> OutputPlan {
        func package(_ folder: String, connector: String, _ files: [String: String]) -> RenderedPackage {
            RenderedPackage(directory: root + "/gen/" + folder, files: files.mapValues { GeneratedText("\(marker)\n" + $0) }, connector: connector)
        }
        let packages = name == "A"
            ? [package("One", connector: "c", ["Package.swift": "1", "Sources/A.swift": "a", "Sources/Old.swift": "old"]),
               package("Two", connector: "d", ["Package.swift": "2", "Sources/Two.swift": "two"])]
            : [package("One", connector: "c", ["Package.swift": "1b", "Sources/A.swift": "a", "Sources/New/N1.swift": "n1", "Sources/New/N2.swift": "n2"]),
               package("Three", connector: "d", ["Package.swift": "2", "Sources/Two.swift": "two"])]
        return OutputPlan(packages: packages, recordFile: root + "/.dataconnect/sdkgen-packages")
    }

    /// Every folder (with a trailing `/`) and file with its bytes below `root`, hidden ones included.
    private func snapshot(_ root: String) -> [String] {
        var entries: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
            entries.append(isFolder.boolValue ? path + "/" : path + ": " + ((try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? "?"))
        }
        return entries.sorted()
    }

    private func cleanGeneration(_ name: String) throws -> [String] {
        let folder = try TemporaryFolder()
        XCTAssertEqual(OutputWriter.write(configuration(name, in: folder.path)).diagnostics, [])
        return snapshot(folder.path)
    }

    /// The writer's steps, each batch of writes split into single files: a kill can fall between
    /// any two of them.
    private func steps(_ plan: OutputPlan) -> [WriteStep] {
        OutputChanges(plan, keepingOld: false, display: { $0 }).steps.flatMap { step -> [WriteStep] in
            guard case .write(let files, let directory) = step else { return [step] }
            return files.map { .write([$0], directory: directory) }
        }
    }

    func testEveryInterruptionIsRepairedByTheNextRunOfEitherConfiguration() throws {
        let clean = ["A": try cleanGeneration("A"), "B": try cleanGeneration("B")]
        for (from, to) in [("A", "B"), ("B", "A")] {
            let count = try { () throws -> Int in
                let folder = try TemporaryFolder()
                XCTAssertFalse(OutputWriter.write(configuration(from, in: folder.path)).hasErrors)
                return steps(configuration(to, in: folder.path)).count
            }()
            XCTAssertGreaterThan(count, 10, "the change \(from) to \(to) takes many steps")
            for stop in 0...count {
                for next in [from, to] {
                    let name = "\(from)→\(to), stopped after \(stop) of \(count) steps, then \(next)"
                    let folder = try TemporaryFolder()
                    XCTAssertFalse(OutputWriter.write(configuration(from, in: folder.path)).hasErrors, name)
                    for step in steps(configuration(to, in: folder.path)).prefix(stop) { try OutputWriter.apply(step) }

                    let check = OutputWriter.check(configuration(next, in: folder.path))
                    XCTAssertEqual(check.diagnostics, [], name)
                    let result = OutputWriter.write(configuration(next, in: folder.path))
                    XCTAssertEqual(result.diagnostics, [], name)
                    XCTAssertEqual(snapshot(folder.path), clean[next], name)
                    XCTAssertEqual(Set(check.entries.map(\.path)), Set(result.summary.written + result.summary.deleted),
                                   "--check lists exactly what the run then changes: \(name)")
                    XCTAssertEqual(check.isCurrent, result.summary.written.isEmpty && result.summary.deleted.isEmpty, name)
                    XCTAssertTrue(OutputWriter.check(configuration(next, in: folder.path)).isCurrent, name)
                }
            }
        }
    }

    /// Replacing another generator's package, cut short at any step, is finished by the next run:
    /// the manifest written ahead says the replacement is under way, so the predecessor's files it
    /// lists are still replaced, and the user's file beside them is kept.
    func testAnInterruptedReplacementOfAPredecessorIsFinished() throws {
        let predecessor = PredecessorPackage(generator: "the old generator", files: [
            "Package.swift": .containing("old-runtime"), "Sources/Client.swift": .any, "Sources/Gone.swift": .any,
        ])
        let old = ["Pkg/Package.swift": "// old-runtime\n", "Pkg/Sources/Client.swift": "client\n", "Pkg/Sources/Gone.swift": "gone\n",
                   "Pkg/Sources/Mine.swift": "mine\n"]
        func plan(_ root: String) -> OutputPlan {
            OutputPlan(packages: [RenderedPackage(directory: root + "/Pkg", files: ["Package.swift": "p", "Sources/Client.swift": "c", "Sources/New.swift": "n"]
                .mapValues { GeneratedText("\(marker)\n" + $0) }, predecessor: predecessor)])
        }
        let cleanFolder = try TemporaryFolder(files: old)
        XCTAssertEqual(OutputWriter.write(plan(cleanFolder.path)).summary.replaced.count, 1)
        let clean = snapshot(cleanFolder.path)
        XCTAssertTrue(clean.contains("Pkg/Sources/Mine.swift: mine\n"))
        let count = try steps(plan(TemporaryFolder(files: old).path)).count
        for stop in 1..<count {
            let folder = try TemporaryFolder(files: old)
            for step in steps(plan(folder.path)).prefix(stop) { try OutputWriter.apply(step) }
            let check = OutputWriter.check(plan(folder.path))
            let result = OutputWriter.write(plan(folder.path))
            XCTAssertEqual(result.diagnostics, [], "stopped after \(stop) of \(count) steps")
            XCTAssertEqual(snapshot(folder.path), clean, "stopped after \(stop) of \(count) steps")
            XCTAssertEqual(Set(check.entries.map(\.path)), Set(result.summary.written + result.summary.deleted), "stopped after \(stop)")
        }
    }

    /// At every step boundary the manifest on disk lists every owned file the package folder holds.
    func testTheManifestOnDiskAlwaysListsTheFolder() throws {
        let folder = try TemporaryFolder()
        XCTAssertFalse(OutputWriter.write(configuration("A", in: folder.path)).hasErrors)
        let steps = steps(configuration("B", in: folder.path))
        for (index, step) in steps.enumerated() {
            try OutputWriter.apply(step)
            for package in ["One", "Two", "Three"] {
                let base = folder.url("gen/" + package)
                let listed = folder.read("gen/\(package)/.sdkgen-manifest").map { Set($0.split(separator: "\n").dropFirst().map(String.init)) } ?? []
                let held = Set(Disk.visibleFiles(in: base))
                XCTAssertTrue(held.isSubset(of: listed), "after step \(index + 1): \(package) holds \(held.subtracting(listed).sorted()) unlisted")
            }
        }
    }

    /// A file with sdkgen's marker that no manifest lists and no package produces (what an earlier
    /// version's interrupted run could leave) is an error for `generate` and `--check` alike;
    /// nothing is written, and a file without the marker is the user's and stays.
    func testAMarkedFileNoManifestListsIsReported() throws {
        let folder = try TemporaryFolder()
        let plan = configuration("A", in: folder.path)
        XCTAssertFalse(OutputWriter.write(plan).hasErrors)
        try folder.write("gen/One/Sources/Mine.swift", "struct Mine {}\n")
        try folder.write("gen/One/.build/Copy.swift", "\(marker)\n")
        XCTAssertTrue(OutputWriter.check(plan).isCurrent, "a user's file, and hidden folders, are not looked into")

        try folder.write("gen/One/Sources/Stray/B.swift", "\(marker)\nstray\n")
        let message = "'\(folder.url("gen/One/Sources/Stray/B.swift"))' carries sdkgen's '\(OwnershipMarker.text)' line, but '\(folder.url("gen/One/.sdkgen-manifest"))' does not list it and no swiftSdk entry generates it (a run of an earlier sdkgen cut short can leave such a file); delete it, or remove that line to keep it"
        let check = OutputWriter.check(plan)
        XCTAssertEqual(check.diagnostics.map(\.message), [message])
        XCTAssertEqual(check.diagnostics.map(\.id), [.outputStrayGeneratedFile])
        XCTAssertFalse(check.isCurrent)
        let before = snapshot(folder.path)
        XCTAssertEqual(OutputWriter.write(plan).diagnostics.map(\.message), [message])
        XCTAssertEqual(snapshot(folder.path), before)
    }
}
