import Diagnostics
import Foundation
import Pipeline
import Project
import TestSupport
import XCTest

/// Every diagnostic ID is documented, and raised by a test that names it: here, on a small project
/// in memory with one file changed, or by a test elsewhere that matches the ID.
final class DiagnosticIDTests: XCTestCase {
    private static let project: [String: String] = [
        "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
        "schema/schema.gql": "type Movie @table { title: String! year: Int }\n",
        "c/connector.yaml": "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: out, package: P}\n",
        "c/ops.gql": "query Q @auth(level: PUBLIC) { movies { title } }\n",
    ]

    /// The IDs a run of `generate` reports for the project with `changes` (a nil text removes the file).
    private func ids(_ changes: [String: String?], project: String? = "/p", currentDirectory: String = "/") -> Set<DiagnosticID> {
        var texts = Self.project
        for (path, text) in changes { texts[path] = text }
        let files = MemoryFileSystem(texts: Dictionary(uniqueKeysWithValues: texts.map { ("/p/" + $0.key, $0.value) }))
        let compilation = Generator.generate(.init(projectDirectory: project, currentDirectory: currentDirectory, lastStage: .emit,
                                                   fileSystem: files))
        return Set(compilation.diagnostics.diagnostics.map(\.id))
    }

    private static func config(_ lines: String) -> String { "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\n" + lines }
    private static func sdk(_ entry: String) -> String { "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: out, package: P\(entry)}\n" }
    private static let deep = "schema/" + String(repeating: "a/", count: 33) + "x.gql"

    /// One change that raises each ID.
    private static let cases: [DiagnosticID: [String: String?]] = [
        .projectConnectorDirTwice: ["dataconnect.yaml": config("connectorDirs: [./c, c]\n")],
        .projectDuplicateConnectorID: ["dataconnect.yaml": config("connectorDirs: [./c, ./d]\n"), "d/connector.yaml": "connectorId: c\n"],
        .projectPathOutside: ["dataconnect.yaml": config("connectorDirs: [../x]\n")],
        .projectConnectorDirMissing: ["dataconnect.yaml": config("connectorDirs: [./gone]\n")],
        .projectNoConnectorYAML: ["dataconnect.yaml": config("connectorDirs: [./c, ./e]\n"), "e/x.gql": ""],
        .projectSourceFolderMissing: ["dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./none\n"],
        .projectNoGraphQLFiles: ["schema/schema.gql": nil, "schema/README.md": ""],
        .projectFolderTooDeep: [deep: "type A @table { a: Int }"],
        .yamlSyntax: ["c/connector.yaml": "connectorId: [c\n"],
        .yamlDuplicateKey: ["c/connector.yaml": "connectorId: c\nconnectorId: d\n"],
        .yamlEmptyFile: ["c/connector.yaml": ""],
        .configNotAMapping: ["c/connector.yaml": "connectorId: c\ngenerate: swiftSdk\n"],
        .configUnknownKey: ["c/connector.yaml": "connectorId: c\nauthMod: PUBLIC\n"],
        .configMissingKey: ["dataconnect.yaml": "specVersion: v1\nlocation: l\nschema:\n  source: ./schema\n"],
        .configMissingValue: ["c/connector.yaml": "connectorId:\n"],
        .configWrongType: ["dataconnect.yaml": config("connectorDirs: {a: b}\n")],
        .configEmptyValue: ["c/connector.yaml": "connectorId: \"\"\n"],
        .configInvalidName: ["c/connector.yaml": "connectorId: \"c d\"\n"],
        .configSchemaAndSchemas: ["dataconnect.yaml": config("schemas: []\n")],
        .configControlCharacters: ["c/connector.yaml": "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: \"a\\nb\", package: P}\n"],
        .configInvalidPackage: ["c/connector.yaml": "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: out, package: 9P}\n"],
        .configInvalidValue: ["c/connector.yaml": sdk(", observablePublisher: nope")],
        .graphqlSyntax: ["c/ops.gql": "query Q { movies { title }"],
        .schemaDuplicateField: ["schema/schema.gql": "type Movie @table { a: Int a: Int }"],
        .schemaDuplicateEnumValue: ["schema/schema.gql": "enum G { A A } type Movie @table { a: Int }"],
        .schemaDuplicateType: ["schema/schema.gql": "type Movie @table { a: Int } type Movie @table { b: Int }"],
        .schemaBuiltinTypeClash: ["schema/schema.gql": "type Date @table { a: Int }"],
        .schemaGeneratedNameClash: ["schema/schema.gql": "type Movie @table { a: Int } type Movie_Key @table { a: Int }"],
        .schemaUnsupportedExtension: ["schema/schema.gql": "enum G { A } extend enum G { B } type Movie @table { a: Int }"],
        .schemaCustomDirective: ["schema/schema.gql": "directive @mine on FIELD_DEFINITION type Movie @table { a: Int }"],
        .schemaSchemaDefinition: ["schema/schema.gql": "schema { query: Movie } type Movie @table { a: Int }"],
        .schemaExecutableDefinition: ["schema/schema.gql": "type Movie @table { a: Int } query Q { movies { a } }"],
        .schemaReservedName: ["schema/schema.gql": "type Query @table { a: Int }"],
        .schemaTableAndView: ["schema/schema.gql": "type Movie @table @view(sql: \"select 1\") { a: Int }"],
        .schemaMissingTable: ["schema/schema.gql": "type Movie { a: Int }"],
        .schemaEmptyEnum: ["schema/schema.gql": "enum G type Movie @table { a: Int }"],
        .schemaUnsupportedType: ["schema/schema.gql": "scalar Money type Movie @table { a: Int }"],
        .schemaEmptyTable: ["schema/schema.gql": "type Movie @table"],
        .schemaFieldArguments: ["schema/schema.gql": "type Movie @table { a(x: Int): Int }"],
        .schemaUnsupportedColumnType: ["schema/schema.gql": "type Movie @table { a: ID }"],
        .schemaListReference: ["schema/schema.gql": "type Movie @table { a: Int } type B @table { movies: [Movie] }"],
        .schemaViewReference: ["schema/schema.gql": "type V @view(sql: \"select 1 as a\") { a: Int } type Movie @table { v: V }"],
        .schemaUnknownType: ["schema/schema.gql": "type Movie @table { a: Genr }"],
        .schemaUnknownField: ["schema/schema.gql": "type Movie @table(key: \"nope\") { a: Int }"],
        .schemaNonNullViewField: ["schema/schema.gql": "type Movie @table { a: Int } type V @view(sql: \"select 1 as a\") { a: Int! }"],
        .schemaDirectiveFieldType: ["schema/schema.gql": "type Movie @table { a: Int @searchable }"],
        .schemaInvalidDefault: ["schema/schema.gql": "type Movie @table { a: Int @default(value: \"x\") }"],
        .schemaVectorSize: ["schema/schema.gql": "type Movie @table { a: Vector }"],
        .schemaInvalidKey: ["schema/schema.gql": "type Movie @table(key: [\"a\", \"a\"]) { a: Int! }"],
        .schemaKeyCycle: ["schema/schema.gql": "type A @table(key: \"b\") { b: B! } type B @table(key: \"a\") { a: A! }"],
        .schemaInvalidReference: ["schema/schema.gql": "type Movie @table { a: Int } type B @table { m: Movie @ref(fields: [\"x\", \"y\"]) x: UUID y: UUID }"],
        .schemaUnknownDirective: ["schema/schema.gql": "type Movie @table { a: Int @mine }"],
        .schemaDirectiveLocation: ["schema/schema.gql": "type Movie @table @col(name: \"x\") { a: Int }"],
        .schemaRepeatedDirective: ["schema/schema.gql": "type Movie @table @table { a: Int }"],
        .schemaDirectiveArgument: ["schema/schema.gql": "type Movie @table(nme: \"m\") { a: Int }"],
        .executableDefinitions: ["c/ops.gql": "type T { a: Int }"],
        .fieldsOnCorrectType: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { titel } }"],
        .fragmentsOnCompositeTypes: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { ...F } } fragment F on String { a }"],
        .knownArgumentNames: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies(limt: 1) { title } }"],
        .knownDirectives: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies @cached { title } }"],
        .knownFragmentNames: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { ...Missing } }"],
        .knownTypeNames: ["c/ops.gql": "query Q($a: Nope) @auth(level: PUBLIC) { movies { title } }"],
        .loneAnonymousOperation: ["c/ops.gql": "{ movies { title } } query B @auth(level: PUBLIC) { movies { title } }"],
        .noFragmentCycles: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { ...F } } fragment F on Movie { ...F }"],
        .noUndefinedVariables: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies(limit: $n) { title } }"],
        .noUnusedFragments: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { title } } fragment F on Movie { title }"],
        .noUnusedVariables: ["c/ops.gql": "query Q($n: Int) @auth(level: PUBLIC) { movies { title } }"],
        .overlappingFieldsCanBeMerged: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { a: title a: year } }"],
        .possibleFragmentSpreads: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { ... on Query { __typename } } }"],
        .providedRequiredArguments: ["c/ops.gql": "mutation M @auth(level: PUBLIC) { movie_insert }"],
        .scalarLeafs: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies }"],
        .uniqueArgumentNames: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies(limit: 1, limit: 2) { title } }"],
        .uniqueDirectivesPerLocation: ["c/ops.gql": "query Q @auth(level: PUBLIC) @auth(level: USER) { movies { title } }"],
        .uniqueFragmentNames: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { ...F } } fragment F on Movie { title } fragment F on Movie { year }"],
        .uniqueInputFieldNames: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies(where: {year: {eq: 1}, year: {eq: 2}}) { title } }"],
        .uniqueOperationNames: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { title } } query Q @auth(level: PUBLIC) { movies { year } }"],
        .uniqueVariableNames: ["c/ops.gql": "query Q($n: Int, $n: Int) @auth(level: PUBLIC) { movies(limit: $n) { title } }"],
        .valuesOfCorrectType: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies(limit: \"ten\") { title } }"],
        .variablesAreInputTypes: ["c/ops.gql": "query Q($m: Movie) @auth(level: PUBLIC) { movies { title } }"],
        .variablesInAllowedPosition: ["c/ops.gql": "query Q($n: String) @auth(level: PUBLIC) { movies(limit: $n) { title } }"],
        .namedOperations: ["c/ops.gql": "query @auth(level: PUBLIC) { movies { title } }"],
        .noSubscriptions: ["c/ops.gql": "subscription S @auth(level: PUBLIC) { movies { title } }"],
        .oneOf: ["c/ops.gql": "query Q @auth(level: PUBLIC, expr: \"true\") { movies { title } }"],
        .allowMissing: ["c/ops.gql": "mutation M($d: Movie_Data!) @auth(level: PUBLIC) { movie_insert(data: $d) }"],
        .allowEmpty: ["c/ops.gql": "mutation M($d: Movie_Data! @allow(fields: \"\")) @auth(level: PUBLIC) { movie_insert(data: $d) }"],
        .authDirective: ["c/ops.gql": "query Q @auth(expr: \"\") { movies { title } }"],
        .authUndeclaredVariable: ["c/ops.gql": "query Q @auth(expr: \"vars.x == 1\") { movies { title } }"],
        .checkWithoutTransaction: ["c/ops.gql": """
            mutation M @auth(level: PUBLIC) { movie_insert(data: {title: "a"}) @check(expr: "this != null") }
            """],
        .forbiddenVariableTypes: ["c/ops.gql": "query Q($w: String_Expr) @auth(level: PUBLIC) { movies { title } }"],
        .forbiddenInVariables: ["c/ops.gql": """
            mutation M($d: Movie_Data! = {title_expr: "auth.uid"} @allow(fields: "title")) @auth(level: PUBLIC) { movie_insert(data: $d) }
            """],
        .refreshInterval: ["c/ops.gql": "query Q @auth(level: PUBLIC) @refresh(every: {seconds: 0}) { movies { title } }"],
        .nestingTooDeep: ["c/ops.gql": "query Q @auth(level: PUBLIC) { movies { ...F0 } }\n"
            + (0..<200).map { "fragment F\($0) on Movie { title ...F\($0 + 1) }\n" }.joined() + "fragment F200 on Movie { year }"],
        .refreshUnknownMutation: ["c/ops.gql": "query Q @auth(level: PUBLIC) @refresh(onMutationExecuted: {operation: \"Nope\"}) { movies { title } }"],
        .emitNoLocation: ["dataconnect.yaml": "specVersion: v1\nserviceId: s\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n"],
        .emitConnectorName: ["c/connector.yaml": "connectorId: \"9\"\ngenerate:\n  swiftSdk: {outputDir: out, package: P}\n"],
        .emitInvalidPackage: ["c/connector.yaml": "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: out, package: class}\n"],
        .emitTypeNameClash: ["c/ops.gql": "query A @auth(level: PUBLIC) { movies { title } } query a @auth(level: PUBLIC) { movies { year } }"],
        .emitEnumHidesType: ["schema/schema.gql": "enum Hasher { A } type Movie @table { title: String! }"],
        .emitReservedEnumValue: ["schema/schema.gql": "enum G { _UNKNOWN } type Movie @table { title: String! }"],
        .emitRefreshWithoutCache: ["c/ops.gql": "query Q @auth(level: PUBLIC) @refresh(every: {seconds: 30}) { movies { title } }"],
    ]

    /// IDs that need the disk, the command line or another process; each is matched by a test
    /// elsewhere (found by name below) or listed in `untested` with the reason.
    private static let untested: [DiagnosticID: String] = [
        .schemaDuplicateDefinition: "only the built-in prelude is loaded as plain SDL, and it has no duplicates",
        .schemaInvalidEnumValue: "the parser rejects true, false and null as enum values first (graphql.syntax)",
        .outputReadFailed: "needs a generated file the writer cannot read; root, which runs the tests here, reads every file",
        .outputWriteFailed: "needs a folder the writer cannot write to; root, which runs the tests here, writes everywhere",
        .emitMissingService: "dataconnect.yaml cannot hold an empty serviceId or location (config.empty-value)",
        .emitInvalidMaxAge: "the configuration reader accepts only durations of zero or more seconds",
        .emitInvalidRuntime: "the configuration reader rejects an empty runtime path, URL or version first",
        .emitUnrepresentableType: "validation rejects every type the Swift SDK cannot represent first",
        .outputUnmarkedGeneratedFile: "every file the emitter renders carries the marker",
        .internalError: "every error sdkgen throws is a DiagnosticError",
    ]

    func testEveryCaseRaisesItsID() {
        for (id, changes) in Self.cases.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let raised = ids(changes)
            XCTAssertTrue(raised.contains(id), "\(id.rawValue) not raised; got \(raised.map(\.rawValue).sorted())")
        }
    }

    func testProjectDiscoveryIDs() {
        XCTAssertTrue(ids([:], project: nil, currentDirectory: "/elsewhere").contains(.projectNotFound))
        XCTAssertTrue(ids([:], project: "/p/schema/schema.gql").contains(.projectOptionNamesFile))
        XCTAssertTrue(ids([:], project: "/nowhere").contains(.projectFolderMissing))
        let firebase = MemoryFileSystem(texts: ["/q/firebase.json": "[]"])
        let found = Generator.generate(.init(projectDirectory: nil, currentDirectory: "/q", lastStage: .load, fileSystem: firebase))
        XCTAssertEqual(found.diagnostics.diagnostics.map(\.id), [.projectFirebaseJSON])
        let sources = SourcesConfigFile.read("/s/sdkgen.json", fileSystem: MemoryFileSystem(texts: ["/s/sdkgen.json": "{}"]))
        XCTAssertEqual(sources.diagnostics.map(\.id), [.projectSourcesConfig])
        let unreadable = SourcesConfigFile.read("/s/sdkgen.json", fileSystem: MemoryFileSystem(texts: [:]))
        XCTAssertEqual(unreadable.diagnostics.map(\.id), [.projectUnreadableFile])
    }

    /// The docs page lists exactly the IDs of the catalogue, each once.
    func testDocsListEveryID() throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let listed = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.dropFirst(3).prefix { $0 != "`" } }.map(String.init)
        XCTAssertEqual(listed.count, Set(listed).count, "an ID is listed twice")
        XCTAssertEqual(Set(listed).symmetricDifference(DiagnosticID.allCases.map(\.rawValue)).sorted(), [], "listed in only one of the two")
    }

    /// Every ID is raised here, named by a test elsewhere (`.caseName` in Tests/), or explained in `untested`.
    func testEveryIDIsRaisedByATest() throws {
        let tests = Self.repository.appendingPathComponent("Tests")
        var text = ""
        for case let url as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) ?? .init()
        where url.pathExtension == "swift" && url.lastPathComponent != "DiagnosticIDTests.swift" {
            text += try String(contentsOf: url, encoding: .utf8)
        }
        let discovery: Set<DiagnosticID> = [.projectNotFound, .projectOptionNamesFile, .projectFolderMissing, .projectFirebaseJSON,
                                            .projectSourcesConfig, .projectUnreadableFile]
        let missing = DiagnosticID.allCases.filter { id in
            Self.cases[id] == nil && !discovery.contains(id) && Self.untested[id] == nil && !text.contains(".\(id)")
        }
        XCTAssertEqual(missing.map(\.rawValue), [], "IDs no test raises")
        XCTAssertTrue(Self.untested.keys.allSatisfy { Self.cases[$0] == nil }, "an ID in `untested` has a case")
    }

    private static let repository = SharedFolder.packageRoot
}
