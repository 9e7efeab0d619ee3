import Diagnostics
import Setup
import XCTest
import YAML

final class ConnectorYAMLEditorTests: XCTestCase {
    private let entry = SwiftSDKEntry(outputDir: "../../app", package: "MoviesSDK")

    /// The edited text; also checks that the insertions only add text and that the entry reads back.
    private func edit(_ text: String, _ entry: SwiftSDKEntry? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let entry = entry ?? self.entry
        let source = SourceFile(path: "connector.yaml", text: text)
        let insertions = try ConnectorYAMLEditor.insertions(adding: entry, to: source)
        let edited = String(decoding: TextInsertion.apply(insertions, to: source.bytes), as: UTF8.self)
        let root = try XCTUnwrap(try YAMLParser.parse(SourceFile(path: "connector.yaml", text: edited)), file: file, line: line)
        let swift = try XCTUnwrap(root["generate"]?["swiftSdk"], file: file, line: line)
        let added = try XCTUnwrap(swift.sequence?.last ?? swift, file: file, line: line)
        XCTAssertEqual(added["package"]?.string, entry.package, file: file, line: line)
        XCTAssertEqual(added["outputDir"]?.string, entry.outputDir, file: file, line: line)
        return edited
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try ConnectorYAMLEditor.insertions(adding: entry, to: SourceFile(path: "connector.yaml", text: text))
            XCTFail("no error", file: file, line: line)
            return ""
        } catch let error as DiagnosticError {
            return error.diagnostics.map { "\($0.span?.range?.start.description ?? "-"): \($0.message)" }.joined(separator: "\n")
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return ""
        }
    }

    func testNoGenerateKeyAppendsOneAtTheEnd() throws {
        XCTAssertEqual(try edit("# header\nconnectorId: a\nauthMode: PUBLIC\n# trailing note\n"), """
            # header
            connectorId: a
            authMode: PUBLIC
            # trailing note
            generate:
              swiftSdk:
                outputDir: ../../app
                package: MoviesSDK
                observablePublisher: observableMacro

            """)
    }

    func testLastLineWithoutLineBreakGetsOne() throws {
        XCTAssertEqual(try edit("connectorId: \"a\""), "connectorId: \"a\"\ngenerate:\n  swiftSdk:\n    outputDir: ../../app\n    package: MoviesSDK\n    observablePublisher: observableMacro\n")
    }

    func testOtherSDKsKeepTheirTrailingCommentsAndTheFollowingOnes() throws {
        let text = """
            connectorId: movie-connector
            generate:
              javascriptSdk:
                package: "@movie/sdk"
                # packageJsonDir: "../../movie"

            #   swiftSdk:
            #     package: DefaultConnector
            """
        XCTAssertEqual(try edit(text), """
            connectorId: movie-connector
            generate:
              javascriptSdk:
                package: "@movie/sdk"
                # packageJsonDir: "../../movie"
              swiftSdk:
                outputDir: ../../app
                package: MoviesSDK
                observablePublisher: observableMacro

            #   swiftSdk:
            #     package: DefaultConnector
            """)
    }

    func testSingleMappingBecomesTheFirstItemWithoutTouchingItsLines() throws {
        let text = "connectorId: k\ngenerate:\n   swiftSdk:\n     outputDir: \"../Gen/\"\n     package: \"KitchenSink\"\n     clientCache:\n        maxAge: 2s\n   kotlinSdk:\n     package: x\n"
        XCTAssertEqual(try edit(text), """
            connectorId: k
            generate:
               swiftSdk:
               -
                 outputDir: "../Gen/"
                 package: "KitchenSink"
                 clientCache:
                    maxAge: 2s
               - outputDir: ../../app
                 package: MoviesSDK
                 observablePublisher: observableMacro
               kotlinSdk:
                 package: x

            """)
    }

    func testListGetsAnotherItemInItsColumn() throws {
        let text = "connectorId: a\ngenerate:\n  swiftSdk:\n    - outputDir: x\n      package: A\n  dartSdk:\n    - package: d\n"
        XCTAssertEqual(try edit(text, SwiftSDKEntry(outputDir: "y", package: "B", observablePublisher: .observableObject, runtime: .portablePath("../sdk"))), """
            connectorId: a
            generate:
              swiftSdk:
                - outputDir: x
                  package: A
                - outputDir: y
                  package: B
                  observablePublisher: observableObject
                  sdkgenRuntime:
                    path: ../sdk
              dartSdk:
                - package: d

            """)
    }

    func testEmptyGenerateAndEmptySwiftSdkGetTheirChildren() throws {
        XCTAssertEqual(try edit("connectorId: a\ngenerate:\nauthMode: PUBLIC\n"),
                       "connectorId: a\ngenerate:\n  swiftSdk:\n    outputDir: ../../app\n    package: MoviesSDK\n    observablePublisher: observableMacro\nauthMode: PUBLIC\n")
        XCTAssertEqual(try edit("connectorId: a\ngenerate:\n    swiftSdk:\n"),
                       "connectorId: a\ngenerate:\n    swiftSdk:\n        outputDir: ../../app\n        package: MoviesSDK\n        observablePublisher: observableMacro\n")
    }

    func testCRLFFileStaysCRLF() throws {
        XCTAssertEqual(try edit("connectorId: a\r\ngenerate:\r\n  dartSdk:\r\n    package: d\r\n"),
                       "connectorId: a\r\ngenerate:\r\n  dartSdk:\r\n    package: d\r\n  swiftSdk:\r\n    outputDir: ../../app\r\n    package: MoviesSDK\r\n    observablePublisher: observableMacro\r\n")
    }

    func testURLRuntimeIsWrittenAsAMapping() throws {
        let url = SwiftSDKEntry(outputDir: "out", package: "P", runtime: .portableURL("https://example.com/sdkgen.git", from: "1.0"))
        XCTAssertTrue(try edit("connectorId: a\n", url).hasSuffix("    sdkgenRuntime:\n      url: https://example.com/sdkgen.git\n      from: \"1.0\"\n"))
    }

    func testSamePackageIsRefusedAtItsValue() {
        let file = SourceFile(path: "connector.yaml", text: "connectorId: a\ngenerate:\n  swiftSdk:\n    outputDir: x\n    package: MoviesSDK\n")
        XCTAssertThrowsError(try ConnectorYAMLEditor.insertions(adding: entry, to: file)) { error in
            XCTAssertEqual((error as? DiagnosticError)?.diagnostics.map(\.id), [.initDuplicatePackage])
        }
        XCTAssertEqual(error("connectorId: a\ngenerate:\n  swiftSdk:\n    outputDir: x\n    package: MoviesSDK\n"),
                       "5:14: swiftSdk already has an entry for package \"MoviesSDK\"; pass --package with another name")
        XCTAssertEqual(error("connectorId: a\ngenerate:\n  swiftSdk:\n  - package: Other\n    outputDir: x\n  - package: \"MoviesSDK\"\n    outputDir: y\n"),
                       "6:14: swiftSdk already has an entry for package \"MoviesSDK\"; pass --package with another name")
    }

    func testFlowStyleIsAnErrorNamingIt() {
        let generate = error("connectorId: a\ngenerate: {javascriptSdk: {package: x}}\n")
        XCTAssertEqual(generate, "2:11: \"generate\" is written in flow style; sdkgen init adds entries only to block mappings (rewrite it as indented key: value lines, or add the entry by hand)")
        XCTAssertTrue(error("connectorId: a\ngenerate:\n  swiftSdk: [{package: A, outputDir: x}]\n").hasPrefix("3:13: \"swiftSdk\" is written in flow style"))
        XCTAssertEqual(error("{connectorId: a}\n"), "1:1: connector.yaml must be a block mapping (key: value lines) to add a swiftSdk entry")
    }

    func testOtherShapesAreErrors() {
        XCTAssertEqual(error("connectorId: a\ngenerate: none\n"), "2:11: \"generate\" must be a mapping to add a swiftSdk entry, found a string")
        XCTAssertEqual(error("connectorId: a\ngenerate:\n  swiftSdk: 3\n"), "3:13: \"swiftSdk\" must be a mapping to add a swiftSdk entry, found a number")
        XCTAssertEqual(error("connectorId: [a\n").isEmpty, false)
    }
}
