import Diagnostics
import Foundation
import GraphQL
import IR
import Schema
import SwiftEmitterTestSupport
import TestSupport
import XCTest

/// Every corpus operation through sdkgen (schema synthesized from the user's schema, NOT the
/// emulator's output) compared with the oracle (graphql-core over the emulator's schema).
/// Also: validation and lowering never crash, whatever part of a real connector file they get.
enum IRChecks {
    static var all: [CorpusCheck] {
        [
            CorpusCheck("IR.everyCorpusOperationAgreesWithTheOracle", everyCorpusOperationAgreesWithTheOracle),
            CorpusCheck("IR.truncatedCorpusConnectorsNeverCrash", truncatedCorpusConnectorsNeverCrash),
        ]
    }

    /// Why sdkgen and the oracle may disagree on an operation.
    enum Reason: String, CaseIterable {
        case staleEmulatorOutput = "stale emulator output: the schema was edited after the emulator last ran"
        case olderGeneration = "older emulator generation (G0/G1, docs/schema.md): mutations returned T_Key, fewer generated fields"
        case borrowedPrelude = "oracle borrowed an older prelude that lacks @auth(insecureReason:)"
        case celVariableUse = "variable read only by a CEL condition (@check/@auth expr): used for Data Connect, unused for graphql-core"
        case unexplained = "unexplained"
    }

    /// Projects whose committed emulator output is older than their schema (docs/validation.md).
    static let staleProjects: Set<String> = [
        "GuilhermeDuarte14511__MinhasFinancas", "AnsoniF1008__ControldGastos", "ByteForce6__UpClass", "CueCount__Cue-Count",
    ]
    static let borrowedPreludeProjects: Set<String> = ["firebase__quickstart-android"]

    struct Tally {
        var operations = 0
        var agreements = 0
        var disagreements: [Reason: [String]] = [:]
        /// Operations of projects without oracle types: how many sdkgen accepts without error.
        var unoracled = 0
        var unoracledClean = 0
        var unoracledErrors: [String] = []
    }

    static func everyCorpusOperationAgreesWithTheOracle() throws {
        let projects = try SharedFolder.corpusProjects()
        var tally = Tally()
        for project in projects {
            try compare(project, &tally)
        }
        var summary = "corpus: \(tally.operations) operations checked, \(tally.agreements) agree, "
            + "\(tally.disagreements.values.map(\.count).reduce(0, +)) differ; "
            + "\(tally.unoracled) operations without oracle types, of which sdkgen accepts \(tally.unoracledClean)\n"
        for item in tally.unoracledErrors { summary += "      sdkgen error without oracle types: \(item)\n" }
        for reason in Reason.allCases {
            guard let cases = tally.disagreements[reason] else { continue }
            summary += "  \(cases.count) × \(reason.rawValue)\n"
            for item in cases.prefix(reason == .unexplained ? 50 : 3) { summary += "      \(item)\n" }
        }
        print(summary)
        XCTAssertEqual(tally.disagreements[.unexplained] ?? [], [], summary)
        XCTAssertGreaterThan(tally.agreements, 700)
    }

    private static func compare(_ project: URL, _ tally: inout Tally) throws {
        guard let oracle = SharedFolder.oracle(project), let connectors = oracle["connectors"] as? [[String: Any]] else { return }
        let name = project.lastPathComponent
        let emulator = oracle["emulator_schema"] as? [String: Any]
        let userFiles = (emulator?["user_schema_files"] as? [String] ?? []).map { project.appendingPathComponent($0) }
        let (schema, schemaDiagnostics) = try collecting { SchemaBuilder.build(userSchema: try parse(userFiles), diagnostics: &$0) }
        let generation = Self.generation(project)
        for connector in connectors {
            let operations = connector["operations"] as? [[String: Any]] ?? []
            let files = (connector["files"] as? [String] ?? []).map { project.appendingPathComponent($0) }
            guard connector["validated"] as? Bool == true else {
                // No oracle types: sdkgen must still get through without crashing.
                if let schema {
                    let operations = ValidatedIR.build(connector: "", documents: try parse(files), schema: schema).0.connectors.first?.operations ?? []
                    tally.unoracled += operations.count
                    tally.unoracledClean += operations.filter { !$0.hasErrors }.count
                    for operation in operations where operation.hasErrors {
                        tally.unoracledErrors.append("\(name) \(operation.name): \(operation.diagnostics.first { $0.severity == .error }?.message ?? "")")
                    }
                }
                continue
            }
            guard let schema else {
                let reason = schemaDiagnostics.first { $0.severity == .error }?.description ?? "no schema"
                for operation in operations {
                    tally.operations += 1
                    tally.disagreements[.unexplained, default: []].append("\(name): schema failed: \(reason) (\(operation["name"] ?? ""))")
                }
                continue
            }
            let (ir, _) = ValidatedIR.build(connector: connector["connector_id"] as? String ?? "", documents: try parse(files), schema: schema)
            let lowered = Dictionary(ir.connectors.first?.operations.map { ($0.name, $0) } ?? [], uniquingKeysWith: { first, _ in first })
            for expected in operations {
                tally.operations += 1
                let opName = expected["name"] as? String ?? ""
                let difference = self.difference(expected, lowered[opName])
                guard let difference else {
                    tally.agreements += 1
                    continue
                }
                let reason = classify(project: name, generation: generation, difference: difference)
                tally.disagreements[reason, default: []].append("\(name) \(opName): \(difference)")
            }
        }
    }

    /// nil when sdkgen agrees with the oracle on the operation, else what differs.
    private static func difference(_ expected: [String: Any], _ actual: IROperation?) -> String? {
        guard let actual else { return "sdkgen has no operation of that name" }
        // The oracle's `line` is one less than the keyword's 1-based line, but at least 1 (true
        // for all 1,294 corpus operations); sdkgen reports the real line.
        if let line = expected["line"] as? Int, line != max(actual.range.start.line - 1, 1) {
            return "oracle line \(line), sdkgen line \(actual.range.start.line)"
        }
        let oracleErrors = expected["validation_errors"] as? [Any] ?? []
        if !oracleErrors.isEmpty {
            return actual.diagnostics.isEmpty ? "oracle reports \(oracleErrors.first.map { "\($0)" } ?? ""), sdkgen nothing" : nil
        }
        if let error = actual.diagnostics.first(where: { $0.severity == .error }) {
            return "sdkgen reports \(error.message)"
        }
        let variables = expected["variables"] as? [[String: Any]] ?? []
        let expectedVariables = variables.map { "\($0["name"] ?? ""): \($0["type"] ?? "")" }
        let actualVariables = actual.variables.map { "\($0.name): \($0.type)" }
        if expectedVariables != actualVariables {
            return "variables \(expectedVariables) vs \(actualVariables)"
        }
        return difference(expected["selection"] as? [[String: Any]] ?? [], actual.selection, path: "")
    }

    private static func difference(_ expected: [[String: Any]], _ actual: [IRField], path: String) -> String? {
        for field in expected {
            let key = field["response_key"] as? String ?? ""
            guard let match = actual.first(where: { $0.responseKey == key }) else { return "\(path)\(key) missing" }
            let type = field["type"] as? String ?? ""
            if type != match.type.description { return "\(path)\(key): \(type) vs \(match.type)" }
            if let inner = difference(field["children"] as? [[String: Any]] ?? [], match.children, path: "\(path)\(key).") {
                return inner
            }
        }
        return nil
    }

    private static func classify(project: String, generation: Int, difference: String) -> Reason {
        if difference.hasPrefix("oracle reports Variable"), difference.contains("is never used"), difference.hasSuffix("sdkgen nothing") {
            return .celVariableUse
        }
        let missingInOracle = ["Cannot query field", "Unknown argument", "Unknown type", "is not defined by type"]
            .contains { difference.hasPrefix("oracle reports") && difference.contains($0) }
        if Self.staleProjects.contains(project), missingInOracle { return .staleEmulatorOutput }
        if Self.borrowedPreludeProjects.contains(project), difference.contains("insecureReason") { return .borrowedPrelude }
        let keyType = difference.range(of: #"_Key!? vs \w+_KeyOutput"#, options: .regularExpression) != nil
        if generation <= 1, keyType || missingInOracle { return .olderGeneration }
        return .unexplained
    }

    private static func parse(_ files: [URL]) throws -> [Document] {
        try files.map { url in
            try Parser.parseDocument(SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url))))
        }
    }

    /// The emulator generation (docs/schema.md, "Emulator generations"), reduced to what matters
    /// here: G0/G1 outputs predate `insecureReason`.
    static func generation(_ project: URL) -> Int {
        let prelude = (try? String(contentsOf: project.appendingPathComponent(".dataconnect/schema/prelude.gql"), encoding: .utf8)) ?? ""
        if prelude.contains("directive @allow") { return 6 }
        if prelude.contains("@fdc_forbiddenInVariables") { return 5 }
        if prelude.contains("directive @searchable") { return 3 }
        if prelude.contains("insecureReason") { return 2 }
        return 1
    }

    static func truncatedCorpusConnectorsNeverCrash() throws {
        let corpus = try SharedFolder.corpus().appendingPathComponent("firebase__data-connect-ios-sdk")
        let schemaText = try String(contentsOf: corpus.appendingPathComponent("schema/schema.gql"), encoding: .utf8)
        let schemaDocument = try Parser.parseDocument(SourceFile(path: "schema.gql", text: schemaText))
        let schema = try XCTUnwrap(collecting { SchemaBuilder.build(userSchema: [schemaDocument], diagnostics: &$0) }.0)
        var lowered = 0
        for name in ["queries.gql", "mutations.gql"] {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent("movie-connector/\(name)")))
            // Cutting a file anywhere, or dropping a slice from its middle, gives every kind of half-written operation.
            for cut in stride(from: 0, to: bytes.count, by: 13) {
                for variant in [Array(bytes[..<cut]), Array(bytes[..<cut] + bytes[min(bytes.count, cut + 40)...])] {
                    guard let document = try? Parser.parseDocument(SourceFile(path: name, bytes: variant)) else { continue }
                    let (ir, _) = ValidatedIR.build(connector: "c", documents: [document], schema: schema)
                    lowered += ir.connectors.first?.operations.count ?? 0
                }
            }
        }
        XCTAssertGreaterThan(lowered, 100)
    }
}
