import Foundation
import TestSupport
import XCTest

/// A valid query nesting selections to the parser's limit is generated with the process's stack
/// at 512 KB, what Apple platforms give every thread but the main one: the stages recurse per
/// level, and on such threads a debug `sdkgen` crashed.
final class DeepSelectionTests: XCTestCase {
    func testSelectionsNestedToTheLimitGenerateOnASmallStack() throws {
        try XCTSkipIf(ProcessInfo.processInfo.activeProcessorCount < 2, "with one processor every stage runs on the main thread")
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
        let run = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), arguments: [
            "-c", "ulimit -s 512 && exec \"$0\" generate --project \"$1\"", sdkgen.path, project.path,
        ], in: project.path, environment: ["SDKGEN_PROCESSORS": "2"])
        try run.waitForExit(timeout: 120)
        XCTAssertEqual(run.process.terminationStatus, 0, run.stderr)
        let swift = try XCTUnwrap(project.read("generated/DeepSDK/Sources/Operations/DeepQuery.swift"))
        XCTAssertEqual(swift.components(separatedBy: "public struct NodeParent").count - 1, levels)
    }
}
