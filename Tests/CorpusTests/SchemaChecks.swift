import Diagnostics
import Foundation
import GraphQL
import SchemaTestSupport
import TestSupport
import XCTest
@testable import Schema

/// Schema synthesis over every corpus schema: compared with the emulator's committed output, rendered
/// back to SDL, its generated names against the emulator's, and damaged schemas without a crash.
enum SchemaChecks {
    static var all: [CorpusCheck] {
        [
            CorpusCheck("Schema.everyEmulatorOutputIsReproduced", everyEmulatorOutputIsReproduced),
            CorpusCheck("Schema.everyAllowedDifferenceIsUsed", everyAllowedDifferenceIsUsed),
            CorpusCheck("Schema.noExtraElementsAgainstNewestBuild", noExtraElementsAgainstNewestBuild),
            CorpusCheck("Schema.everyCorpusSchemaIsAccepted", everyCorpusSchemaIsAccepted),
            CorpusCheck("Schema.generationDetection", generationDetection),
            CorpusCheck("Schema.corpusSchemasRenderToValidSDL", corpusSchemasRenderToValidSDL),
            CorpusCheck("Schema.everyCorpusNamePair", everyCorpusNamePair),
            CorpusCheck("Schema.damagedCorpusSchemasNeverCrash", damagedCorpusSchemasNeverCrash),
        ]
    }

    /// A difference that an older emulator generation explains (docs/schema.md, "Emulator generations").
    private struct AllowedDifference: Sendable {
        var reason: String
        /// Newest generation whose output may show it.
        var upToGeneration: Int
        var matches: @Sendable (SchemaComparison.Difference) -> Bool
    }

    private static let removedUpdateMembers: Set<String> = ["set", "set_expr", "set_date", "set_time", "delete", "i", "update"]

    private static let allowed: [AllowedDifference] = [
        AllowedDifference(reason: "G0–G4: @fdc_generated(from:) became optional in the 2026-03 prelude; older preludes require it",
                          upToGeneration: 4) { $0.kind == .argumentType && $0.path == "@fdc_generated(from:)" },
        AllowedDifference(reason: "G5: @refresh(onMutationExecuted:) took a single event before G6 made it a list",
                          upToGeneration: 5) { $0.kind == .argumentType && $0.path == "@refresh(onMutationExecuted:)" },
        AllowedDifference(reason: "G0–G3: the newest prelude dropped @fdc_deprecated", upToGeneration: 3) {
            $0.kind == .missingDirective && $0.path == "@fdc_deprecated"
        },
        AllowedDifference(reason: "G0–G2: the newest prelude dropped Mutation._firebase: Void", upToGeneration: 2) {
            $0.kind == .missingField && $0.path == "Mutation._firebase"
        },
        AllowedDifference(reason: "G0/G1: String_Update, UUID_Update, Boolean_Update, Any_Update, Vector_Update and "
                          + "Vector_ListUpdate were removed", upToGeneration: 1) {
            $0.kind == .missingType
                && ["String_Update", "UUID_Update", "Boolean_Update", "Any_Update", "Vector_Update", "Vector_ListUpdate"].contains($0.typeName)
        },
        AllowedDifference(reason: "G0/G1: update inputs were reshaped (inc/dec, append/prepend/add/remove); the set/delete/i/update "
                          + "members are gone", upToGeneration: 1) {
            $0.kind == .missingInputField && ($0.typeName.hasSuffix("_Update") || $0.typeName.hasSuffix("_ListUpdate"))
                && removedUpdateMembers.contains($0.memberName ?? "")
        },
        AllowedDifference(reason: "G0/G1: member of the 2024 preludes (String_Pattern.invert), absent from the newest prelude",
                          upToGeneration: 1) { $0.kind == .missingInputField && $0.path == "String_Pattern.invert" },
        AllowedDifference(reason: "G0: preview preludes had @default(generate: ColDefault) and TimestampInterval",
                          upToGeneration: 0) {
            ($0.kind == .missingType && ["ColDefault", "TimestampInterval"].contains($0.typeName))
                || ($0.kind == .missingArgument && $0.path == "@default(generate:)")
        },
        AllowedDifference(reason: "G0: scalar T_Key served as both key input and mutation result (no T_KeyOutput)",
                          upToGeneration: 0) { difference in
            (difference.kind == .typeKind && difference.typeName.hasSuffix("_Key"))
                || (difference.kind == .fieldType && difference.typeName == "Mutation" && difference.detail.contains("_Key")
                    && difference.detail.contains("_KeyOutput"))
        },
        AllowedDifference(reason: "G0: T_ListFilter.count had no default", upToGeneration: 0) {
            $0.kind == .inputFieldDefault && $0.typeName.hasSuffix("_ListFilter") && $0.memberName == "count"
        },
        AllowedDifference(reason: "G1: October 2024 builds typed upsertMany(data:) as [T_Data!]", upToGeneration: 1) {
            $0.kind == .argumentType && $0.typeName == "Mutation" && $0.path.hasSuffix("_upsertMany(data:)")
        },
    ]

    /// One project's schemas: sdkgen's synthesis of the user schema and the emulator's committed
    /// output loaded as a reference.
    private struct Synthesized: Sendable {
        var project: EmulatorProject
        var schema: Schema?
        var diagnostics: [Diagnostic]
        var reference: Schema
        var loadErrors: [Diagnostic]
    }

    /// Every project parsed and synthesized once for all the checks below; they only compare.
    private static let projects = Result<[Synthesized], Error> {
        try EmulatorProject.all().map { project in
            let (schema, diagnostics) = try collecting { SchemaBuilder.build(userSchema: try EmulatorProject.parse(project.userSchemaFiles), diagnostics: &$0) }
            var reference = Schema()
            let loadErrors = SDLSchemaLoader.load(try EmulatorProject.parse(project.emulatorFiles + project.userSchemaFiles), into: &reference)
            return Synthesized(project: project, schema: schema, diagnostics: diagnostics, reference: reference, loadErrors: loadErrors)
        }
    }

    static func everyEmulatorOutputIsReproduced() throws {
        let projects = try Self.projects.get()
        XCTAssertGreaterThan(projects.count, 30, "the corpus should hold dozens of projects with emulator output")
        var report: [String] = []
        var totalCompared = 0
        for synthesized in projects {
            let project = synthesized.project
            guard let schema = synthesized.schema else {
                XCTFail("\(project.name): sdkgen rejected a schema the emulator accepted: "
                        + synthesized.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "; "))
                continue
            }
            XCTAssertEqual(synthesized.loadErrors.map(\.description), [], project.name)
            let comparison = SchemaComparison(reference: synthesized.reference, candidate: schema)
            var allowedCount = 0
            for difference in comparison.differences {
                if Self.allowed.contains(where: { project.generation <= $0.upToGeneration && $0.matches(difference) }) {
                    allowedCount += 1
                } else {
                    XCTFail("\(project.name) (G\(project.generation)): \(difference)")
                }
            }
            totalCompared += comparison.compared
            report.append("\(project.name) G\(project.generation): \(comparison.compared) compared, "
                          + "\(comparison.differences.count) differences (\(allowedCount) allowed by the generation)")
        }
        print((["Emulator comparison, \(projects.count) projects, \(totalCompared) elements:"] + report).joined(separator: "\n"))
    }

    /// Each rule is needed by at least one project, so none of them hides a regression silently.
    static func everyAllowedDifferenceIsUsed() throws {
        var used = Array(repeating: false, count: Self.allowed.count)
        for synthesized in try Self.projects.get() {
            guard let schema = synthesized.schema else { continue }
            for difference in SchemaComparison(reference: synthesized.reference, candidate: schema).differences {
                for (index, rule) in Self.allowed.enumerated() where synthesized.project.generation <= rule.upToGeneration && rule.matches(difference) {
                    used[index] = true
                }
            }
        }
        for (index, rule) in Self.allowed.enumerated() { XCTAssertTrue(used[index], "unused rule: \(rule.reason)") }
    }

    /// For outputs of the newest build with up-to-date files, sdkgen adds nothing the emulator lacks
    /// apart from the GraphQL built-ins that the emulator leaves implicit.
    static func noExtraElementsAgainstNewestBuild() throws {
        let exact = ["Cyphound__elcobre-prototipo", "DrALCHEMY44__ERP-M"]
        let builtins = Set(BuiltinName.graphQLScalars).union(BuiltinName.graphQLDirectives.map { "@" + $0 })
        for synthesized in try Self.projects.get() where exact.contains(synthesized.project.name) {
            let schema = try XCTUnwrap(synthesized.schema)
            let extra = SchemaComparison(reference: schema, candidate: synthesized.reference).differences.filter { !builtins.contains($0.typeName) }
            XCTAssertEqual(extra.map(\.description), [], synthesized.project.name)
        }
    }

    /// Every user schema of the corpus, with or without emulator output, synthesizes cleanly.
    static func everyCorpusSchemaIsAccepted() throws {
        var count = 0
        for project in try SharedFolder.corpusProjects() {
            let folder = project.appendingPathComponent("schema")
            guard let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }) else { continue }
            let files = names.filter { $0.hasSuffix(".gql") }.sorted().map { folder.appendingPathComponent($0) }
            let (schema, diagnostics) = try collecting { SchemaBuilder.build(userSchema: try EmulatorProject.parse(files), diagnostics: &$0) }
            XCTAssertNotNil(schema, project.lastPathComponent)
            XCTAssertEqual(diagnostics.map(\.description), [], project.lastPathComponent)
            count += 1
        }
        XCTAssertGreaterThan(count, 40)
    }

    static func generationDetection() throws {
        let generations = Dictionary(uniqueKeysWithValues: try Self.projects.get().map { ($0.project.name, $0.project.generation) })
        XCTAssertEqual(generations["GuilhermeDuarte14511__MinhasFinancas"], 6)
        XCTAssertEqual(generations["CueCount__Cue-Count"], 5)
        XCTAssertEqual(generations["151616__manu-orders"], 4)
        XCTAssertEqual(generations["Arjun-0430__Lexisearch-AI"], 3)
        XCTAssertEqual(generations["wmobley__adv-guild"], 2)
        XCTAssertEqual(generations["firebase__data-connect-ios-sdk"], 1)
        XCTAssertEqual(generations["firebase__quickstart-js"], 0)
    }

    /// Every corpus schema renders to files that parse and load back without conflicts.
    static func corpusSchemasRenderToValidSDL() throws {
        var rendered = 0
        for project in try EmulatorProject.all() {
            let userDocuments = try EmulatorProject.parse(project.userSchemaFiles)
            guard let schema = collecting({ SchemaBuilder.build(userSchema: userDocuments, diagnostics: &$0) }).0 else { continue }
            let files = SDLRenderer.render(schema)
            let documents = try files.keys.sorted().map { path in
                try Parser.parseDocument(SourceFile(path: "\(project.name)/\(path)", text: files[path] ?? ""))
            }
            var loaded = Schema()
            XCTAssertEqual(SDLSchemaLoader.load(documents + userDocuments, into: &loaded).map(\.description), [], project.name)
            XCTAssertEqual(loaded.typeNames.count, schema.typeNames.count - BuiltinName.graphQLScalars.count, project.name)
            rendered += 1
        }
        XCTAssertGreaterThan(rendered, 30)
    }

    /// Every (type, singular, plural) the emulator produced across the corpus.
    static func everyCorpusNamePair() throws {
        var checked = 0
        for project in try SharedFolder.corpusProjects() {
            guard let oracle = SharedFolder.oracle(project),
                  let summary = oracle["schema_summary"] as? [String: Any],
                  let tables = summary["tables"] as? [String: [String: Any]] else { continue }
            for (typeName, table) in tables {
                let custom = Self.customNames(table)
                let queryFields = table["query_fields"] as? [[String: Any]] ?? []
                func name(_ purpose: String) -> String? {
                    queryFields.first { $0["purpose"] as? String == purpose }?["name"] as? String
                }
                let singular = EntityNaming.singular(typeName: typeName, custom: custom.singular)
                if let observed = name("QUERY_SINGLE") {
                    XCTAssertEqual(singular, observed, "\(project.lastPathComponent): \(typeName)")
                    checked += 1
                }
                if let observed = name("QUERY_MULTIPLE") {
                    XCTAssertEqual(EntityNaming.plural(singular: singular, custom: custom.plural), observed,
                                   "\(project.lastPathComponent): \(typeName)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 400, "the corpus should provide hundreds of names")
    }

    private static func customNames(_ table: [String: Any]) -> (singular: String?, plural: String?) {
        let directives = table["directives"] as? [[String: Any]] ?? []
        var result: (singular: String?, plural: String?) = (nil, nil)
        for directive in directives where ["table", "view"].contains(directive["name"] as? String) {
            for argument in directive["args"] as? [[String: Any]] ?? [] {
                guard let value = argument["value"] as? String, value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2
                else { continue }
                let text = String(value.dropFirst().dropLast())
                if argument["name"] as? String == "singular" { result.singular = text }
                if argument["name"] as? String == "plural" { result.plural = text }
            }
        }
        return result
    }

    private static let replacements = ["", "@table", "@view", "[", "]", "!", "key: []", "@ref(fields: \"x\")", "@unique",
                                       "Int", "String", "X", "@col(size: 2)", "extend type", "enum", "id: ID!", "@default(value: 1)"]

    static func damagedCorpusSchemasNeverCrash() throws {
        var generator = SplitMix(seed: 42)
        var built = 0
        var rejected = 0
        let projects = try SharedFolder.corpusProjects().filter {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("schema/schema.gql").path)
        }
        for project in projects.prefix(12) {
            let text = try String(contentsOf: project.appendingPathComponent("schema/schema.gql"), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            for _ in 0..<25 {
                var mutated = lines
                for _ in 0..<3 where !mutated.isEmpty {
                    let index = Int.random(in: 0..<mutated.count, using: &generator)
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: mutated.remove(at: index)
                    case 1: mutated.insert(mutated[index], at: index)
                    case 2: mutated.swapAt(index, Int.random(in: 0..<mutated.count, using: &generator))
                    default:
                        var words = mutated[index].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                        if !words.isEmpty {
                            words[Int.random(in: 0..<words.count, using: &generator)] =
                                Self.replacements[Int.random(in: 0..<Self.replacements.count, using: &generator)]
                        }
                        mutated[index] = words.joined(separator: " ")
                    }
                }
                guard let document = try? Parser.parseDocument(SourceFile(path: "mutated.gql", text: mutated.joined(separator: "\n")))
                else { continue }
                let (schema, diagnostics) = collecting { SchemaBuilder.build(userSchema: [document], diagnostics: &$0) }
                if schema == nil {
                    rejected += 1
                    XCTAssertTrue(diagnostics.contains { $0.severity == .error }, "a rejected schema must say why")
                    XCTAssertTrue(diagnostics.allSatisfy { $0.span != nil }, "every schema error points somewhere")
                } else {
                    built += 1
                }
            }
        }
        XCTAssertGreaterThan(built, 0)
        XCTAssertGreaterThan(rejected, 0)
    }
}

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
