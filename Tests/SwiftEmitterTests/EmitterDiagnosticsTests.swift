import Project
import XCTest
@testable import SwiftEmitter

/// Inputs the emitter rejects, each with its message and no files.
final class EmitterDiagnosticsTests: XCTestCase {
    private let movie = "type Movie @table { title: String! }"

    private func assertError(
        _ result: (files: [String: String], errors: [String]), contains text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertTrue(result.files.isEmpty, "no files on errors", file: file, line: line)
        XCTAssertTrue(result.errors.contains { $0.contains(text) }, "\(result.errors) should mention \(text)", file: file, line: line)
    }

    func testConnectorIdThatIsNoSwiftName() throws {
        let connector = ConnectorIdentity(connectorId: "2fast", serviceId: "s", location: "l")
        assertError(try Emit.run(schema: movie, connector: connector),
                    contains: "connector id '2fast' does not form a Swift type name (got '2fastConnector')")
    }

    func testInvalidPackageNames() throws {
        for name in ["", "../up", "My SDK", "1SDK", "a/b", "my-sdk", "class", "SDK\n", "_"] {
            assertError(try Emit.run(schema: movie, sdk: .test(package: name)),
                        contains: "swiftSdk package '\(name)' is not a valid package name")
        }
    }

    func testNegativeOrInfiniteMaxAge() throws {
        for maxAge in [-1, Double.infinity, Double.nan] {
            let sdk = SwiftSDKConfig.test(package: "SDK", clientCache: ClientCacheConfig(maxAge: maxAge))
            assertError(try Emit.run(schema: movie, sdk: sdk), contains: "clientCache maxAge must be a duration of zero or more seconds")
        }
    }

    func testEmptyRuntimeLocations() throws {
        assertError(try Emit.run(schema: movie, sdk: .test(package: "SDK", runtime: .portablePath(""))),
                    contains: "the SDKGenDataConnect runtime path is empty")
        assertError(try Emit.run(schema: movie, sdk: .test(package: "SDK", runtime: .portableURL("https://x/y", from: ""))),
                    contains: "the SDKGenDataConnect runtime needs both a URL and a version")
    }

    func testTopLevelNameClashes() throws {
        let schema = "type Movie @table { title: String! } enum MovieKey { A }"
        assertError(try Emit.run(schema: schema), contains: "enum 'MovieKey' and the key of table 'Movie' would both be generated as Swift type 'MovieKey'")
        assertError(try Emit.run(schema: movie, operations: "query getMovies { movies { title } } query GetMovies { movies { id } }"),
                    contains: "query 'GetMovies' and query 'getMovies' would both be generated as Swift type 'GetMoviesQuery'")
        assertError(try Emit.run(schema: "enum SearchQueryFormat { A }"),
                    contains: "enum 'SearchQueryFormat' and the built-in enum Search_QueryFormat would both be generated")
        assertError(try Emit.run(schema: "enum TestConnConnector { A }"),
                    contains: "enum 'TestConnConnector' and the connector class would both be generated")
    }

    func testEnumValueNamedUnknown() throws {
        assertError(try Emit.run(schema: "enum Status { OK _UNKNOWN }"),
                    contains: "enum 'Status' has a value named '_UNKNOWN', which the Swift SDK uses for unknown values")
    }

    func testEnumNamedLikeATypeTheCodeUses() throws {
        for name in ["LocalDate", "Type", "OperationResult", "Optional", "JSONField", "Compare"] {
            assertError(try Emit.run(schema: "enum \(name) { A }"),
                        contains: "enum '\(name)' would hide the Swift type '\(name)' that the generated code uses; rename the enum")
        }
    }

    /// The portable runtime's refresh metadata names these types; Firebase's output does not.
    func testEnumNamedLikeARefreshMetadataType() throws {
        for name in ["RefreshRules", "MutationTrigger", "EntityRow", "KeyValue"] {
            assertError(try Emit.run(schema: "enum \(name) { A }", sdk: .test(package: "SDK", runtime: .portablePath("../sdkgen"))),
                        contains: "enum '\(name)' would hide the SDKGenDataConnect type '\(name)' that the generated code uses; rename the enum")
            XCTAssertEqual(try Emit.run(schema: "enum \(name) { A }").errors, [])
        }
    }

    func testVariableOfAPreludeEnumWithoutSwiftType() throws {
        let schema = "type Doc @table { embedding: Vector! @col(size: 2) }"
        assertError(try Emit.run(schema: schema, operations: """
            query Q($m: VectorSimilarityMethod) { docs_embedding_similarity(compare: [1.0, 2.0], method: $m) { id } }
            """), contains: "variable '$m' of operation 'Q' has type 'VectorSimilarityMethod', which the Swift SDK cannot represent")
    }

    func testValidInputHasNoErrors() throws {
        let result = try Emit.run(schema: movie, operations: "query Q { movies { title } }")
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.files.keys.sorted(),
                       ["Package.swift", "QQuery.swift", "README.md", "TestConnClient.swift", "TestConnKeys.swift", "TestConnOperations.swift"])
    }
}
