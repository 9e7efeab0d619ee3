import Project
import XCTest
@testable import SwiftEmitter

/// What the runtime (`swiftSdk` `sdkgenRuntime`) changes in generated code. Firebase's SDK has no
/// client-side refresh rules, so sdkgen's runtime gets `@refresh` and key metadata that
/// Firebase's output leaves out; the imports, the manifest and one README paragraph differ too.
/// Everything else is the same for both runtimes.
final class RuntimeDifferenceTests: XCTestCase {
    private let schema = """
        type User @table(key: "uid") { uid: String! name: String }
        type Movie @table { title: String! }
        """
    private let sdkgen = SwiftSDKConfig.test(runtime: Fixture.sdkgenRuntime)

    /// Each rule below, applied to sdkgen's output of the realtime fixture (its golden set),
    /// gives Firebase's output for the same fixture, file by file, up to layout.
    func testFirebaseOutputIsSDKGenOutputWithoutTheRuntimeLines() throws {
        let (portable, portableDiagnostics, _) = try Fixture.realtime.emit { $0.runtime = Fixture.sdkgenRuntime }
        let (firebase, firebaseDiagnostics, _) = try Fixture.realtime.emit()
        XCTAssertEqual((portableDiagnostics + firebaseDiagnostics).map(\.description), [])
        XCTAssertEqual(firebase.map(\.path), portable.map(\.path))
        let removed = ["static let refresh", "static let writes"]
        let replaced = [
            ("import SDKGenDataConnect", "import FirebaseCore\nimport FirebaseDataConnect"),
            (", refresh: Self.refresh)", ")"),
            (", writes: Self.writes)", ")"),
            (#".package(name: "sdkgen", path: "../../sdkgen")"#,
             #".package(url: "https://github.com/firebase/data-connect-ios-sdk", from: "11.11.0")"#),
            (#".product(name: "SDKGenDataConnect", package: "sdkgen")"#,
             #".product(name: "FirebaseDataConnect", package: "data-connect-ios-sdk")"#),
            ("This package uses sdkgen's portable runtime `SDKGenDataConnect`: configure it once with "
                + "`DataConnectApp.configure(...)` before the first operation.", ""),
        ]
        var uses: [String: Int] = [:]
        for (sdkgenFile, firebaseFile) in zip(portable, firebase) {
            var expected = SwiftSnippet(text: sdkgenFile.contents)
            for header in removed {
                let without = expected.removing(header)
                if without.text != expected.text { uses[header, default: 0] += 1 }
                expected = without
            }
            var text = SwiftSnippet.layoutFree(expected.text)
            for (sdkgenText, firebaseText) in replaced {
                let edited = text.replacingOccurrences(of: SwiftSnippet.layoutFree(sdkgenText), with: SwiftSnippet.layoutFree(firebaseText))
                if edited != text { uses[sdkgenText, default: 0] += 1 }
                text = edited
            }
            XCTAssertEqual(SwiftSnippet.layoutFree(firebaseFile.contents), SwiftSnippet.layoutFree(text), firebaseFile.path)
        }
        // Every rule is needed: the fixture shows each difference.
        XCTAssertEqual(Set(uses.keys), Set(removed + replaced.map(\.0)))
    }

    /// A query's `@refresh` directives become the `RefreshRules` sdkgen's runtime applies; with
    /// Firebase's SDK the server alone refreshes, and the class carries nothing for it.
    func testRefreshDirectivesBecomeRefreshRulesForTheSDKGenRuntime() throws {
        let operations = """
            query Q @refresh(every: {minutes: 1}) @refresh(onMutationExecuted: [{operation: "M", condition: "mutation.variables.t != \\"\\\\(x)\\""}]) {
              movies { title }
            }
            mutation M($t: String!) { movie_insert(data: {title: $t}) }
            """
        let query = try SwiftSnippet.swift(schema: schema, operations: operations, sdk: sdkgen).declaration("class QQuery")
        XCTAssertSwift(query?.declaration("static let refresh"), equals: #"""
            /// When live refs of this query re-run: its `@refresh` directives and the rows it reads by key.
            static let refresh = RefreshRules(
                every: [60],
                onMutationExecuted: [MutationTrigger("M", condition: "mutation.variables.t != \"\\(x)\"")]
            )
            """#)
        XCTAssertSwift(query?.declaration("private func typedRef"), contains: "publisher: .observableMacro, refresh: Self.refresh)")

        let firebase = try SwiftSnippet.swift(schema: schema, operations: operations).declaration("class QQuery")
        XCTAssertNil(firebase?.declaration("static let refresh"))
        XCTAssertSwift(firebase?.declaration("private func typedRef"), contains: """
            name: Self.OperationName, variables: variables, resultsDataType: QQuery.Data.self,
            publisher: .observableMacro)
            """)
    }

    /// A query that reads one row by key refreshes when a mutation writes that row; a query
    /// without directives or lookups still gets empty rules, so the runtime treats it alike.
    func testRowsReadByKeyAreRefreshLookups() throws {
        let swift = try SwiftSnippet.swift(schema: schema, operations: """
            query One($id: UUID!) { movie(id: $id) { title } }
            query All { movies { title } }
            """, sdk: sdkgen)
        XCTAssertSwift(swift.declaration("class OneQuery")?.declaration("static let refresh"), contains: """
            static let refresh = RefreshRules(lookups: [EntityRow(table: "Movie", key: ["id": .variable(["id"])])])
            """)
        XCTAssertSwift(swift.declaration("class AllQuery")?.declaration("static let refresh"), contains: """
            static let refresh = RefreshRules()
            """)
    }

    /// A mutation that writes rows by key lists them, so that live queries reading those rows
    /// re-run after it; `auth.uid` in the key is the signed-in user's id.
    func testMutationsListTheRowsTheyWriteForTheSDKGenRuntime() throws {
        let operations = """
            mutation Rename($name: String!) @auth(level: USER) { user_upsert(data: {uid_expr: "auth.uid", name: $name}) }
            """
        let mutation = try SwiftSnippet.swift(schema: schema, operations: operations, sdk: sdkgen).declaration("class RenameMutation")
        XCTAssertSwift(mutation?.declaration("static let writes"), equals: """
            /// The rows this mutation writes by key: live queries reading them re-run after it.
            static let writes: [EntityRow] = [EntityRow(table: "User", key: ["uid": .authUID])]
            """)
        XCTAssertSwift(mutation?.declaration("private func typedRef"), contains: """
            self.dataConnect.mutation(
                name: Self.OperationName, variables: variables, resultsDataType: RenameMutation.Data.self,
                writes: Self.writes)
            """)

        let firebase = try SwiftSnippet.swift(schema: schema, operations: operations).declaration("class RenameMutation")
        XCTAssertNil(firebase?.declaration("static let writes"))
        XCTAssertSwift(firebase?.declaration("private func typedRef"), contains: """
            self.dataConnect.mutation(name: Self.OperationName, variables: variables, resultsDataType: RenameMutation.Data.self)
            """)
    }
}
