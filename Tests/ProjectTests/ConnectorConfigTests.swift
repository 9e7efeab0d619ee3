import Diagnostics
import XCTest
@testable import Project

final class ConnectorConfigTests: XCTestCase {
    private func load(_ connectorYAML: String) throws -> (TemporaryTree, LoadResult) {
        var files = minimalProject
        files["connector/connector.yaml"] = connectorYAML
        let tree = try TemporaryTree(files)
        return (tree, tree.load())
    }

    private func connector(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> ConnectorConfig {
        let (tree, result) = try load(yaml)
        XCTAssertEqual(tree.describe(result.diagnostics), [], file: file, line: line)
        return try XCTUnwrap(result.project?.connectors.first?.config, file: file, line: line)
    }

    private func diagnostics(_ yaml: String) throws -> [String] {
        let (tree, result) = try load(yaml)
        return tree.describe(result.diagnostics)
    }

    func testSingleSwiftSDKMapWithDefaults() throws {
        let config = try connector("connectorId: friendly-flix\nauthMode: PUBLIC\ngenerate:\n  swiftSdk:\n    outputDir: \"../../app\"\n    package: \"FriendlyFlixSDK\"\n")
        XCTAssertEqual(config.connectorId, "friendly-flix")
        XCTAssertEqual(config.connectorIdSpan.range?.start.description, "1:14")
        XCTAssertEqual(config.swiftSDKs.count, 1)
        let sdk = try XCTUnwrap(config.swiftSDKs.first)
        XCTAssertEqual(sdk.outputDir, "../../app")
        XCTAssertEqual(sdk.package, "FriendlyFlixSDK")
        XCTAssertEqual(sdk.observablePublisher, .observableMacro)
        XCTAssertNil(sdk.clientCache)
        XCTAssertEqual(sdk.span.range?.start.description, "5:5")
    }

    func testSwiftSDKListWithEveryKey() throws {
        let config = try connector("""
        connectorId: lib
        generate:
          swiftSdk:
            - outputDir: ../ios
              package: LibrarySDK
              observablePublisher: observableObject
              clientCache:
                maxAge: 30s
                storage: persistent
                maxSize: 100MB
            - outputDir: ../mac
              package: Mac_SDK2
              clientCache: {}
        """)
        XCTAssertEqual(config.swiftSDKs.map(\.package), ["LibrarySDK", "Mac_SDK2"])
        XCTAssertEqual(config.swiftSDKs.map(\.observablePublisher), [.observableObject, .observableMacro])
        XCTAssertEqual(config.swiftSDKs.first?.clientCache, ClientCacheConfig(maxAge: 30, storage: .persistent))
        XCTAssertEqual(config.swiftSDKs.last?.clientCache, ClientCacheConfig())
    }

    func testRuntimeChoices() throws {
        func runtime(_ value: String) throws -> RuntimeChoice? {
            try connector("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: out\n    package: P\n    sdkgenRuntime: \(value)\n")
                .swiftSDKs.first?.runtime
        }
        XCTAssertEqual(try runtime("firebase"), .firebase)
        XCTAssertEqual(try runtime("{path: ../../sdkgen}"), .portablePath("../../sdkgen"))
        XCTAssertEqual(try runtime("{url: \"https://example.com/sdkgen.git\", from: 0.1.0}"),
                       .portableURL("https://example.com/sdkgen.git", from: "0.1.0"))
        XCTAssertEqual(try connector("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: out\n    package: P\n").swiftSDKs.first?.runtime, .firebase)
    }

    func testRuntimeErrors() throws {
        func errors(_ value: String) throws -> [String] {
            try diagnostics("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: out\n    package: P\n    sdkgenRuntime: \(value)\n")
        }
        XCTAssertEqual(try errors("portable"), [
            "connector/connector.yaml:6:20: error: \"sdkgenRuntime\" must be firebase, {path: DIR} or {url: URL, from: VERSION}, found \"portable\"",
        ])
        XCTAssertEqual(try errors("{path: a, url: b}"), [
            "connector/connector.yaml:6:30: error: \"sdkgenRuntime\" takes either \"path\" or \"url\", not both",
        ])
        XCTAssertEqual(try errors("{url: b}").count, 1)
        XCTAssertEqual(try errors("{pth: a}").first?.contains("did you mean \"path\"?"), true)
    }

    func testMaxAgeForms() throws {
        let forms: [(String, Double)] = [("2s", 2), ("5m", 300), ("1h", 3600), ("250ms", 0.25), ("1h30m", 5400), ("45", 45), ("\"1.5s\"", 1.5), ("0s", 0)]
        for (text, seconds) in forms {
            let config = try connector("connectorId: c\ngenerate:\n  swiftSdk: {outputDir: o, package: P, clientCache: {maxAge: \(text)}}\n")
            XCTAssertEqual(config.swiftSDKs.first?.clientCache?.maxAge, seconds, text)
        }
        XCTAssertEqual(DurationParser.seconds("1.5"), 1.5)
        for bad in ["", "s", "5d", "1h30", "-5s", "1..5s", "5 s"] {
            XCTAssertNil(DurationParser.seconds(bad), bad)
        }
    }

    func testOtherSDKsAreSkippedWithoutWarnings() throws {
        let config = try connector("""
        connectorId: c
        generate:
          javascriptSdk:
            - outputDir: ../js
              package: "@x/y"
              react: true
          kotlinSdk: {outputDir: k, package: a.b}
          dartSdk: {outputDir: d, package: d}
          adminNodeSdk: [{outputDir: n, package: n}]
          llmTools: {outputFile: x}
        """)
        XCTAssertEqual(config.swiftSDKs.count, 0)
    }

    func testNoGenerateSection() throws {
        let config = try connector("connectorId: alltypes\nauthMode: PUBLIC\n")
        XCTAssertEqual(config.swiftSDKs.count, 0)
    }

    /// In `generate`, a misspelt `swiftSdk` would read as a removed entry, and the run would delete
    /// the entry's package: it is an error at the key, as is a misspelt key of a `swiftSdk` entry.
    /// Other SDKs' keys are Firebase's: a typo there warns (real projects write `dart`).
    func testMisspeltKeysInGenerateAreErrorsAtTheKey() throws {
        let messages = try diagnostics("""
        connectorId: c
        authMod: PUBLIC
        generate:
          dart: {outputDir: d, package: d}
          swiftSDK:
            outputDir: ../x
          swiftSdk:
            outputDirr: ../x
            outputDir: ../x
            package: P
            sdkgenRuntime: {path: ../r, frm: 1}
            clientCache:
              maxage: 5s
        """)
        XCTAssertEqual(messages, [
            "connector/connector.yaml:2:1: warning: unknown key \"authMod\" in connector.yaml; did you mean \"authMode\"?",
            "connector/connector.yaml:4:3: warning: unknown key \"dart\" in generate; did you mean \"dartSdk\"?",
            "connector/connector.yaml:5:3: error: unknown key \"swiftSDK\" in generate; did you mean \"swiftSdk\"?",
            "connector/connector.yaml:8:5: error: unknown key \"outputDirr\" in swiftSdk; did you mean \"outputDir\"?",
            "connector/connector.yaml:13:7: error: unknown key \"maxage\" in clientCache; did you mean \"maxAge\"?",
            "connector/connector.yaml:11:33: error: unknown key \"frm\" in sdkgenRuntime; did you mean \"from\"?",
        ])
    }

    /// A key like no known one is only a warning, but the connector's earlier packages are kept:
    /// the run cannot tell a removed entry from one it did not understand.
    func testFarOffUnknownKeysWarnAndKeepThePackages() throws {
        for yaml in [
            "connectorId: c\ngenerate:\n  appleClient: {outputDir: ../x, package: P}\n",
            "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: ../x, package: P, banana: 1}\n",
            "connectorId: c\nlegacyOptions: 1\n",
        ] {
            let (tree, result) = try load(yaml)
            XCTAssertEqual(result.diagnostics.map(\.severity), [.warning], tree.describe(result.diagnostics).joined())
            XCTAssertEqual(result.project?.connectors.first?.config.retiresPackages, false, yaml)
        }
        XCTAssertEqual(try connector("connectorId: c\n").retiresPackages, true)
        XCTAssertEqual(try connector(minimalProject["connector/connector.yaml"] ?? "").retiresPackages, true)
    }

    /// The package is a folder name: one longer than the file system allows is reported at
    /// `package`, not at the entry (whose first line is `outputDir`).
    func testPackageNameTooLongForAFolderIsAnErrorAtPackage() throws {
        let name = String(repeating: "P", count: 256)
        XCTAssertEqual(try diagnostics("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: ../x\n    package: \(name)\n"), [
            "connector/connector.yaml:5:14: error: \"package\" is 256 bytes long; it names the package folder, whose name may have at most 255",
        ])
        XCTAssertEqual(try connector("connectorId: c\ngenerate:\n  swiftSdk: {outputDir: ../x, package: \(name.dropLast())}\n").swiftSDKs.count, 1)
    }

    func testMissingAndEmptyRequiredValues() throws {
        XCTAssertEqual(try diagnostics("generate:\n  swiftSdk:\n    - package: P\n    - outputDir: o\n      package:\n"), [
            "connector/connector.yaml:1:1: error: connector.yaml is missing the required key \"connectorId\"",
            "connector/connector.yaml:3:7: error: swiftSdk is missing the required key \"outputDir\"",
            "connector/connector.yaml:5:7: error: \"package\" needs a value",
        ])
        XCTAssertEqual(try diagnostics("connectorId: \"\"\n"), ["connector/connector.yaml:1:14: error: \"connectorId\" must not be empty"])
    }

    /// Issue #21: a NUL in outputDir created a stray folder; it is refused where it is written.
    func testControlCharactersInOutputDirAreErrors() throws {
        XCTAssertEqual(try diagnostics("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: \"a\\0b\"\n    package: P\n"), [
            "connector/connector.yaml:4:16: error: \"outputDir\" must not contain control characters (such as a line break or NUL)",
        ])
        XCTAssertEqual(try diagnostics("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: \"a\\tb\"\n    package: P\n").count, 1)
    }

    func testWrongTypes() throws {
        XCTAssertEqual(try diagnostics("""
        connectorId: c
        authMode: [PUBLIC]
        generate:
          swiftSdk:
            outputDir: {a: b}
            package: 12Monkeys
            observablePublisher: observableMacros
            clientCache:
              maxAge: soon
              storage: disk
              maxSize: [1]
        """), [
            "connector/connector.yaml:2:11: error: \"authMode\" must be a string, found a sequence",
            "connector/connector.yaml:5:16: error: \"outputDir\" must be a string, found a mapping",
            "connector/connector.yaml:6:14: error: \"package\" must be a Swift module name (letters, digits and _, not starting with a digit), found \"12Monkeys\"",
            "connector/connector.yaml:7:26: error: \"observablePublisher\" must be observableMacro or observableObject, found \"observableMacros\"",
            "connector/connector.yaml:9:15: error: \"maxAge\" must be a duration such as 30s, 5m or 1h, found \"soon\"",
            "connector/connector.yaml:10:16: error: \"storage\" must be memory or persistent, found \"disk\"",
            "connector/connector.yaml:11:16: error: \"maxSize\" must be a string, found a sequence",
        ])
        XCTAssertEqual(try diagnostics("connectorId: c\ngenerate:\n  swiftSdk: yes\n"), [
            "connector/connector.yaml:3:13: error: \"swiftSdk\" must be a mapping or a list of mappings, found a string",
        ])
        XCTAssertEqual(try diagnostics("connectorId: c\ngenerate: [swiftSdk]\n"), [
            "connector/connector.yaml:2:11: error: generate must be a mapping of keys to values, found a sequence",
        ])
        XCTAssertEqual(try diagnostics("connectorId: c\ngenerate:\n  swiftSdk: [x]\n"), [
            "connector/connector.yaml:3:14: error: swiftSdk must be a mapping of keys to values, found a string",
        ])
        XCTAssertEqual(try diagnostics("connectorId: c\ngenerate:\n  swiftSdk: {outputDir: o, package: P, clientCache: {maxAge: true}}\n"), [
            "connector/connector.yaml:3:62: error: \"maxAge\" must be a duration such as 30s, 5m or 1h, found \"true\"",
        ])
    }

    func testInvalidEntriesAreDroppedButTheConnectorStays() throws {
        let (_, result) = try load("connectorId: c\ngenerate:\n  swiftSdk:\n    - {outputDir: a, package: A}\n    - {outputDir: b, package: B, observablePublisher: nope}\n")
        XCTAssertTrue(result.hasErrors)
        XCTAssertEqual(result.project?.connectors.first?.config.swiftSDKs.map(\.package), ["A"])
    }

    func testOutputAndPackageDirectories() throws {
        let (tree, result) = try load("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: ../../ios/./Gen/\n    package: Pkg\n")
        let connector = try XCTUnwrap(result.project?.connectors.first)
        let sdk = try XCTUnwrap(connector.config.swiftSDKs.first)
        XCTAssertEqual(connector.packageDirectory(for: sdk), tree.root + "/connector/../../ios/Gen/Pkg")
        XCTAssertEqual(connector.packageDirectory(outputDir: "/abs/./out", package: "Pkg"), "/abs/out/Pkg")
    }
}
