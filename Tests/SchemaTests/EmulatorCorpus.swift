import Diagnostics
import Foundation
import GraphQL
@testable import Schema
import TestSupport

/// One corpus project whose committed emulator output sdkgen is compared with.
struct EmulatorProject {
    var name: String
    var userSchemaFiles: [URL]
    /// `prelude.gql` and `main/*.gql` as committed (possibly borrowed from a project with the same schema).
    var emulatorFiles: [URL]
    var generation: Int

    /// Projects whose oracle says `"emulator_schema": {"status": "ok"}`.
    static func all() throws -> [EmulatorProject] {
        try SharedFolder.corpusProjects().compactMap { project in
            guard let oracle = SharedFolder.oracle(project), let emulator = oracle["emulator_schema"] as? [String: Any],
                  emulator["status"] as? String == "ok" else { return nil }
            let base: URL
            if let borrowed = emulator["borrowed_main_from"] as? String {
                base = project.deletingLastPathComponent().appendingPathComponent(borrowed)
            } else {
                base = project
            }
            let schemaFolder = base.appendingPathComponent(".dataconnect/schema")
            let mainFiles = (emulator["main_files"] as? [String] ?? []).map { base.appendingPathComponent($0) }
            let userFiles = (emulator["user_schema_files"] as? [String] ?? []).map { project.appendingPathComponent($0) }
            let prelude = schemaFolder.appendingPathComponent("prelude.gql")
            return EmulatorProject(name: project.lastPathComponent, userSchemaFiles: userFiles, emulatorFiles: [prelude] + mainFiles,
                                   generation: detectGeneration(schemaFolder))
        }
    }

    /// The emulator generation (0…6) that wrote the committed files (docs/schema.md, "Emulator generations").
    static func detectGeneration(_ folder: URL) -> Int {
        func read(_ path: String) -> String { (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? "" }
        let prelude = read("prelude.gql")
        if prelude.contains("directive @allow") { return 6 }
        if prelude.contains("@fdc_forbiddenInVariables") { return 5 }
        if read("main/relation.gql").contains("_id:") { return 4 }
        if prelude.contains("directive @searchable") { return 3 }
        if prelude.contains("insecureReason") { return 2 }
        if read("main/input.gql").range(of: #"scalar \w+_KeyOutput"#, options: .regularExpression) != nil { return 1 }
        return 0
    }

    static func parse(_ files: [URL]) throws -> [Document] {
        try files.map { url in
            let data = try Data(contentsOf: url)
            return try Parser.parseDocument(SourceFile(path: url.path, bytes: Array(data)))
        }
    }
}
