import CLI
import CLITestSupport
import Foundation
import TestSupport
import XCTest

/// `sdkgen init` on every connector of every shared corpus project (copied): each `connector.yaml`
/// keeps every line it had, in order, and gains only the entry; the project then loads and generates
/// as before (the few corpus projects with validation errors fail exactly as they did).
enum InitChecks {
    static var all: [CorpusCheck] {
        [CorpusCheck("Init.initOnEveryCorpusConnector", initOnEveryCorpusConnector)]
    }

    static func initOnEveryCorpusConnector() throws {
        let projects = try SharedFolder.corpusProjects()
        XCTAssertGreaterThanOrEqual(projects.count, 46)
        var connectorsEdited = 0
        var generated = 0
        for source in projects {
            let name = source.lastPathComponent
            let folder = try TemporaryFolder()
            let project = folder.url(name)
            try FileManager.default.copyItem(atPath: source.path, toPath: project)
            let validateBefore = CapturedRun(["validate", "--project", project], in: folder.path)
            for connector in try connectorFiles(in: project) {
                let original = try String(contentsOfFile: connector, encoding: .utf8)
                let id = try XCTUnwrap(connectorId(in: original), name)
                // Connectors that already have the default package get another name.
                let package = original.contains("FriendlyFlixSDK") || original.contains("KitchenSinkSDK") ? ["--package", "InitAddedSDK"] : []
                let run = CapturedRun(["init", "--project", project, "--connector", id] + package, in: folder.path)
                XCTAssertEqual(run.status, .success, "\(name) \(id): \(run.errors)")
                let edited = try String(contentsOfFile: connector, encoding: .utf8)
                let added = try XCTUnwrap(addedLines(from: original, to: edited), "\(name) \(id): lines were changed or reordered:\n\(edited)")
                let entryKeys = ["outputDir:", "package:", "observablePublisher: observableMacro"]
                func isEntryLine(_ line: String) -> Bool { entryKeys.contains { line.hasPrefix($0) || line.hasPrefix("- " + $0) } }
                XCTAssertEqual(added.filter(isEntryLine).count, 3, "\(name) \(id): \(added)")
                XCTAssertEqual(added.filter { !isEntryLine($0) }.allSatisfy { ["-", "generate:", "swiftSdk:"].contains($0) }, true, "\(name) \(id): \(added)")
                connectorsEdited += 1
            }
            let validateAfter = CapturedRun(["validate", "--project", project], in: folder.path)
            XCTAssertEqual(validateAfter.errors, validateBefore.errors, name)
            let generate = CapturedRun(["generate", "--project", project], in: folder.path)
            if validateBefore.status == .success {
                XCTAssertEqual(generate.status, .success, "\(name): \(generate.errors)")
                generated += 1
            } else {
                XCTAssertEqual(generate.status, .failure, name)
            }
        }
        XCTAssertGreaterThanOrEqual(connectorsEdited, 52)
        XCTAssertGreaterThanOrEqual(generated, 40)
    }

    private static func connectorFiles(in project: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: project)
        var files: [String] = []
        while let next = enumerator?.nextObject() as? String {
            if next.hasSuffix("connector.yaml"), !next.hasPrefix(".") { files.append(project + "/" + next) }
        }
        return files.sorted()
    }

    private static func connectorId(in text: String) -> String? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("connectorId:") }) else { return nil }
        return line.dropFirst("connectorId:".count).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }

    /// The lines `edited` has beyond `original` (trimmed), or nil when `original`'s lines are not all
    /// kept, byte for byte and in order. A last line without a line break may gain one.
    private static func addedLines(from original: String, to edited: String) -> [String]? {
        let old = original.split(separator: "\n", omittingEmptySubsequences: false)
        let new = edited.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        var added: [String] = []
        for line in new {
            if index < old.count, line == old[index] {
                index += 1
            } else {
                added.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        let unmatched = old[index...]
        guard unmatched.isEmpty || (unmatched.count == 1 && unmatched.first == "" ) else { return nil }
        return added.filter { !$0.isEmpty }
    }
}
