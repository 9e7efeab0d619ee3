import Foundation
import TestSupport
import XCTest

/// A valid query nesting selections to the parser's limit is generated: every stage recurses once
/// per level, on the main thread and on `ChunkedWork`'s threads (whose stacks `ChunkedWorkTests` checks).
final class DeepSelectionTests: XCTestCase {
    func testSelectionsNestedToTheLimitGenerate() throws {
        let levels = 126
        let project = try TemporaryFolder(files: [
            "dataconnect.yaml": """
            specVersion: "v1"
            serviceId: "deep"
            location: "us-central1"
            schema:
              source: "./schema"
            connectorDirs: ["./connector"]
            """,
            "schema/schema.gql": "type Node @table { name: String! parent: Node }\n",
            "connector/connector.yaml": "connectorId: deep\ngenerate:\n  swiftSdk:\n    outputDir: ../generated\n    package: DeepSDK\n",
            "connector/queries.gql": "query Deep @auth(level: PUBLIC) { nodes { "
                + String(repeating: "parent { ", count: levels) + "name" + String(repeating: " }", count: levels) + " } }\n",
        ])
        let sdkgen = try ChildProcess.builtSDKGen(besides: Self.self)
        let run = try ChildProcess(sdkgen, arguments: ["generate", "--project", project.path], in: project.path)
        try run.waitForExit(timeout: 120)
        XCTAssertEqual(run.process.terminationStatus, 0, run.stderr)
        let swift = try XCTUnwrap(project.read("generated/DeepSDK/Sources/Operations/DeepQuery.swift"))
        XCTAssertEqual(swift.components(separatedBy: "public struct NodeParent").count - 1, levels)
    }
}
