import Diagnostics
import TestSupport
import XCTest
@testable import Schema

/// sdkgen's synthesized schema against the emulator's committed output for every corpus project
/// whose oracle marks the emulator schema as usable.
final class EmulatorComparisonTests: XCTestCase {
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

    /// Every project parsed and synthesized once for the whole suite; the tests only compare.
    private static let projects = Result<[Synthesized], Error> {
        try EmulatorProject.all().map { project in
            let (schema, diagnostics) = SchemaBuilder.build(userSchema: try EmulatorProject.parse(project.userSchemaFiles))
            var reference = Schema()
            let loadErrors = SDLSchemaLoader.load(try EmulatorProject.parse(project.emulatorFiles + project.userSchemaFiles), into: &reference)
            return Synthesized(project: project, schema: schema, diagnostics: diagnostics, reference: reference, loadErrors: loadErrors)
        }
    }

    func testEveryEmulatorOutputIsReproduced() throws {
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
    func testEveryAllowedDifferenceIsUsed() throws {
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
    func testNoExtraElementsAgainstNewestBuild() throws {
        let exact = ["Cyphound__elcobre-prototipo", "DrALCHEMY44__ERP-M"]
        let builtins = Set(BuiltinName.graphQLScalars).union(BuiltinName.graphQLDirectives.map { "@" + $0 })
        for synthesized in try Self.projects.get() where exact.contains(synthesized.project.name) {
            let schema = try XCTUnwrap(synthesized.schema)
            let extra = SchemaComparison(reference: schema, candidate: synthesized.reference).differences.filter { !builtins.contains($0.typeName) }
            XCTAssertEqual(extra.map(\.description), [], synthesized.project.name)
        }
    }

    /// Every user schema of the corpus, with or without emulator output, synthesizes cleanly.
    func testEveryCorpusSchemaIsAccepted() throws {
        var count = 0
        for project in try SharedFolder.corpusProjects() {
            let folder = project.appendingPathComponent("schema")
            guard let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }) else { continue }
            let files = names.filter { $0.hasSuffix(".gql") }.sorted().map { folder.appendingPathComponent($0) }
            let (schema, diagnostics) = SchemaBuilder.build(userSchema: try EmulatorProject.parse(files))
            XCTAssertNotNil(schema, project.lastPathComponent)
            XCTAssertEqual(diagnostics.map(\.description), [], project.lastPathComponent)
            count += 1
        }
        XCTAssertGreaterThan(count, 40)
    }

    func testGenerationDetection() throws {
        let generations = Dictionary(uniqueKeysWithValues: try Self.projects.get().map { ($0.project.name, $0.project.generation) })
        XCTAssertEqual(generations["GuilhermeDuarte14511__MinhasFinancas"], 6)
        XCTAssertEqual(generations["CueCount__Cue-Count"], 5)
        XCTAssertEqual(generations["151616__manu-orders"], 4)
        XCTAssertEqual(generations["Arjun-0430__Lexisearch-AI"], 3)
        XCTAssertEqual(generations["wmobley__adv-guild"], 2)
        XCTAssertEqual(generations["firebase__data-connect-ios-sdk"], 1)
        XCTAssertEqual(generations["firebase__quickstart-js"], 0)
    }
}
