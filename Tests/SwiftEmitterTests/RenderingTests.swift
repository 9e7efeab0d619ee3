import Project
import XCTest
@testable import SwiftEmitter

/// Focused checks of generated text; whole files are covered by the golden tests.
final class RenderingTests: XCTestCase {
    private let movie = "type Movie @table { title: String! }"

    func testPackageManifestForEachRuntime() throws {
        let firebase = try Emit.run(schema: movie).files["Package.swift"] ?? ""
        XCTAssertTrue(firebase.hasPrefix("// swift-tools-version: 5.9\n"))
        XCTAssertTrue(firebase.contains(#".package(url: "https://github.com/firebase/data-connect-ios-sdk", from: "11.3.0-beta")"#))
        XCTAssertTrue(firebase.contains(#".product(name: "FirebaseDataConnect", package: "data-connect-ios-sdk")"#))
        XCTAssertTrue(firebase.contains("platforms: [.iOS(.v17), .macOS(.v14), .watchOS(.v10), .tvOS(.v17)]"))

        let cached = try Emit.run(schema: movie, sdk: .test(package: "SDK", clientCache: ClientCacheConfig()))
        XCTAssertTrue(cached.files["Package.swift"]?.contains(#"from: "11.11.0""#) == true, "cache code needs 11.11.0")

        let path = try Emit.run(schema: movie, sdk: .test(package: "SDK", runtime: .portablePath("../../tools/sdkgen-checkout/")))
        XCTAssertTrue(path.files["Package.swift"]?.contains(#".package(name: "sdkgen", path: "../../tools/sdkgen-checkout/")"#) == true)
        XCTAssertTrue(path.files["Package.swift"]?.contains(#".product(name: "SDKGenDataConnect", package: "sdkgen")"#) == true)

        // A path ending in `..` names no folder: the declared name keeps the product reference valid.
        let parent = try Emit.run(schema: movie, sdk: .test(package: "SDK", runtime: .portablePath("../../..")))
        XCTAssertTrue(parent.files["Package.swift"]?.contains(#".package(name: "sdkgen", path: "../../..")"#) == true)
        XCTAssertTrue(parent.files["Package.swift"]?.contains(#".product(name: "SDKGenDataConnect", package: "sdkgen")"#) == true)

        let url = try Emit.run(schema: movie, sdk: .test(
            package: "SDK", runtime: .portableURL("https://example.com/acme/SDKGen.git", from: "1.2.0")))
        XCTAssertTrue(url.files["Package.swift"]?.contains(#".package(url: "https://example.com/acme/SDKGen.git", from: "1.2.0")"#) == true)
        XCTAssertTrue(url.files["Package.swift"]?.contains(#"package: "SDKGen")"#) == true)
    }

    func testObservableObjectKeepsTheRuntimePlatformFloor() throws {
        let result = try Emit.run(schema: movie, operations: "query Q { movies { title } }",
                                  sdk: .test(package: "SDK", observablePublisher: .observableObject))
        XCTAssertTrue(result.files["Package.swift"]?.contains("platforms: [.iOS(.v15), .macOS(.v12), .watchOS(.v8), .tvOS(.v15)]") == true)
        let operations = result.files["TestConnOperations.swift"] ?? ""
        XCTAssertTrue(operations.contains("public typealias Ref = QueryRefObservableObject<QQuery.Data, QQuery.Variables>"))
        XCTAssertTrue(operations.contains("publisher: .observableObject"))
    }

    func testImportsFollowTheRuntime() throws {
        let firebase = try Emit.run(schema: movie).files["TestConnKeys.swift"] ?? ""
        XCTAssertTrue(firebase.contains("import Foundation\nimport FirebaseCore\nimport FirebaseDataConnect\n"))
        let portable = try Emit.run(schema: movie, sdk: .test(package: "SDK", runtime: .portablePath("x")))
        XCTAssertTrue(portable.files["TestConnKeys.swift"]?.contains("import Foundation\nimport SDKGenDataConnect\n") == true)
        XCTAssertTrue(portable.files["README.md"]?.contains("DataConnectApp.configure") == true)
    }

    func testEmptyClientCacheUsesRuntimeDefaults() throws {
        let client = try Emit.run(schema: movie, sdk: .test(package: "SDK", clientCache: ClientCacheConfig()))
            .files["TestConnClient.swift"] ?? ""
        XCTAssertTrue(client.contains("let cacheSettings = CacheSettings()\n"))
        XCTAssertTrue(client.contains("settings: settings, callerSDKType: .generated"))
        let fractional = try Emit.run(schema: movie, sdk: .test(
            package: "SDK", clientCache: ClientCacheConfig(maxAge: 0.25, storage: .persistent))).files["TestConnClient.swift"] ?? ""
        XCTAssertTrue(fractional.contains("CacheSettings(storage: .persistent, maxAge: 0.25)"))
    }

    func testFetchPolicyOnlyOnCachedQueries() throws {
        let ops = "query Q { movies { title } } mutation M($t: String!) { movie_insert(data: {title: $t}) }"
        let plain = try Emit.run(schema: movie, operations: ops).files["TestConnOperations.swift"] ?? ""
        XCTAssertFalse(plain.contains("fetchPolicy"))
        let cached = try Emit.run(schema: movie, operations: ops, sdk: .test(package: "SDK", clientCache: ClientCacheConfig()))
            .files["TestConnOperations.swift"] ?? ""
        XCTAssertTrue(cached.contains("public func execute(fetchPolicy: QueryFetchPolicy = .preferCache) async throws -> OperationResult<QQuery.Data>"))
        XCTAssertTrue(cached.contains("public func execute(t: String) async throws -> OperationResult<MMutation.Data>"))
        XCTAssertFalse(cached.contains("preferCache, )"), "no trailing comma in parameter lists")
    }

    func testKeywordNamesAreEscapedEverywhere() throws {
        let result = try Emit.run(
            schema: "type Thing @table(key: \"default\") { default: String! in: Int }",
            operations: "query Q($default: String!, $in: Int) { things(where: {default: {eq: $default}, in: {eq: $in}}) { default in } }")
        let keys = result.files["TestConnKeys.swift"] ?? ""
        XCTAssertTrue(keys.contains("public private(set) var `default`: String"))
        XCTAssertTrue(keys.contains("try codecHelper.encode(self.`default`, forKey: \"default\", container: &container)"))
        let operations = result.files["TestConnOperations.swift"] ?? ""
        XCTAssertTrue(operations.contains("public var `default`: String"))
        XCTAssertTrue(operations.contains("@OptionalVariable public var `in`: Int?"))
        XCTAssertTrue(operations.contains("if self.$in.isSet {"))
        XCTAssertTrue(operations.contains("self.`default` = try codecHelper.decode(String.self, forKey: \"default\", container: &container)"))
        XCTAssertFalse(operations.contains("CodingKeys"), "one JSONField type serves every struct")
        XCTAssertTrue(operations.contains("ThingKey(default: self.`default`)"))
        XCTAssertTrue(operations.contains("QQuery.Variables(default: `default`)"))
        XCTAssertTrue(operations.contains("public func ref(\n        `default`: String,\n        _ optionalVars:"))
    }

    /// `_` is a GraphQL name but Swift's wildcard: `public var _: Int?` does not compile, and a bare
    /// `_` label would mean "no label".
    func testTheWildcardNameIsEscapedEverywhere() throws {
        let result = try Emit.run(
            schema: "enum Mood { _ HAPPY } type Thing @table { n: Int mood: Mood }",
            operations: """
                query Q($_: Int!) { things(where: {n: {eq: $_}}) { _: n } }
                query R($_: Int) { things(where: {n: {eq: $_}}) { mood } }
                """)
        let operations = result.files["TestConnOperations.swift"] ?? ""
        XCTAssertTrue(operations.contains("public var `_`: Int\n"), operations)
        XCTAssertTrue(operations.contains("public init(`_`: Int) {\n            self.`_` = `_`"), operations)
        XCTAssertTrue(operations.contains("QQuery.Variables(`_`: `_`)"))
        XCTAssertTrue(operations.contains("public func execute(`_`: Int) async throws"))
        XCTAssertTrue(operations.contains("public var `_`: Int?\n"), "the selected alias")
        XCTAssertTrue(operations.contains("self.`_` = try codecHelper.decode(Int?.self, forKey: \"_\", container: &container)"))
        XCTAssertTrue(operations.contains("@OptionalVariable public var `_`: Int?"))
        XCTAssertTrue(operations.contains("if self.$_.isSet {"))
        XCTAssertFalse(operations.contains(" _:"), "no bare wildcard as a name or label")
        let enums = result.files["TestConnEnums.swift"] ?? result.files.first { $0.value.contains("enum Mood") }?.value ?? ""
        XCTAssertTrue(enums.contains("case `_`\n"), enums)
        XCTAssertTrue(enums.contains("case .`_`: return \"_\""), enums)
    }

    func testConditionalFieldsBecomeOptional() throws {
        let operations = try Emit.run(schema: movie, operations: """
            query Q($full: Boolean!) { movies { id title @include(if: $full) } }
            """).files["TestConnOperations.swift"] ?? ""
        XCTAssertTrue(operations.contains("public var title: String?"))
    }

    func testIdentifiableUsesTheIdFieldOrTheKey() throws {
        let schema = "type Card @table(key: [\"holder\", \"number\"]) { holder: String! number: Int! } " + movie
        let operations = try Emit.run(schema: schema, operations: """
            query Q { movies { id } cards { holder number } moviesWithoutKey: movies { title } }
            """).files["TestConnOperations.swift"] ?? ""
        XCTAssertTrue(operations.contains("public struct Movie: Decodable, Sendable, Hashable, Equatable, Identifiable, FieldwiseEquatable {"))
        XCTAssertFalse(operations.contains("public var id: MovieKey"), "`id` itself serves Identifiable")
        XCTAssertTrue(operations.contains("public var id: CardKey {\n"))
        XCTAssertTrue(operations.contains("CardKey(holder: self.holder, number: self.number)"))
        XCTAssertTrue(operations.contains("public struct MovieMoviesWithoutKey: Decodable, Sendable {"))
    }

    func testFieldAliasedIdThatIsNotHashableDropsIdentifiable() throws {
        let schema = "type Library @table { name: String! } type Book @table { title: String! library: Library! }"
        let operations = try Emit.run(schema: schema, operations: """
            query Q { books { id: library { name } bookId: id } }
            """).files["TestConnOperations.swift"] ?? ""
        XCTAssertTrue(operations.contains("public struct Book: Decodable, Sendable, Hashable, Equatable, FieldwiseEquatable {"), operations)
        XCTAssertTrue(operations.contains("BookKey(id: self.bookId)"))
        XCTAssertFalse(operations.contains("public var id: BookKey"))
    }

    func testVariablesWithoutAnyVariable() throws {
        let operations = try Emit.run(schema: movie, operations: "query Q { movies { title } }").files["TestConnOperations.swift"] ?? ""
        XCTAssertTrue(operations.contains("public struct Variables: OperationVariable {}"))
        XCTAssertTrue(operations.contains("let variables = QQuery.Variables()"))
        XCTAssertTrue(operations.contains("public func ref() -> QueryRefObservation<QQuery.Data, QQuery.Variables> {"))
    }

    func testNonNullVariableWithDefaultIsOptional() throws {
        let operations = try Emit.run(schema: movie, operations: """
            query Q($limit: Int! = 10) { movies(limit: $limit) { title } }
            """).files["TestConnOperations.swift"] ?? ""
        XCTAssertTrue(operations.contains("@OptionalVariable public var limit: Int?"))
        XCTAssertTrue(operations.contains("public init(_ optionalVars: ((inout Variables) -> Void)? = nil)"))
    }

    /// One shape at every size: a computed property per operation, in operation order, and an
    /// initializer that assigns `dataConnect` alone.
    func testConnectorHasAComputedPropertyPerOperation() throws {
        for count in [0, 2, 150] {
            let operations = (0..<count).map { "query Q\($0) { movies { title } }" }.joined(separator: "\n")
            let client = try Emit.run(schema: movie, operations: operations).files["TestConnClient.swift"] ?? ""
            let properties = client.split(separator: "\n").filter { $0.hasPrefix("    public var ") }
            XCTAssertEqual(properties, (0..<count).map { "    public var q\($0)Query: Q\($0)Query { Q\($0)Query(dataConnect: dataConnect) }"[...] })
            XCTAssertTrue(client.contains("""
                    init(dataConnect: DataConnect) {
                        self.dataConnect = dataConnect
                    }
                """))
            XCTAssertFalse(client.contains("public let"))
            XCTAssertEqual(client.contains("// MARK: Operations"), count > 0)
        }
    }

    func testOutputIsDeterministic() throws {
        let first = try Emit.run(schema: Fixture.libraryLikeSchema, operations: "query Q { books { id title } }")
        let second = try Emit.run(schema: Fixture.libraryLikeSchema, operations: "query Q { books { id title } }")
        XCTAssertEqual(first.files, second.files)
    }
}

extension Fixture {
    static let libraryLikeSchema = """
        enum Status { A B }
        type Library @table { name: String! }
        type Book @table { title: String! library: Library! status: Status }
        type Card @table(key: ["library", "holder"]) { library: Library! holder: String! }
        """
}
