import Output
import RunRecord
import XCTest

final class RunRecordTextTests: XCTestCase {
    private let identity = FileIdentity(size: 12, modified: Timestamp(seconds: 1_700_000_000, nanoseconds: 5),
                                        changed: Timestamp(seconds: 1_700_000_001, nanoseconds: 999_999_999), inode: 42, device: 7)

    private func sample() -> RunRecord {
        RunRecord(
            tool: "0.1.0 1:2.3:4.5:6:7",
            key: RunRecord.Key(currentDirectory: "/work/my project", projectDirectory: "app dir", connectors: ["b", "a"], colorDiagnostics: true),
            created: Timestamp(seconds: 1_800_000_000, nanoseconds: 1),
            packages: 2, files: 40, messages: "warning: one\n\n  | excerpt \u{1B}[1m\n",
            inputs: [
                .isFile(path: "/work/my project/dataconnect.yaml", answer: true),
                .isDirectory(path: "/work/missing", answer: false),
                .read(path: "/work/my project/queries.gql", identity: identity, hash: String(repeating: "a", count: 64)),
                .listed(path: "/work/my project/connector", hash: String(repeating: "b", count: 64)),
            ],
            outputs: [RunRecord.Output(path: "/work/out/Sources/A B.swift", identity: identity)]
        )
    }

    func testTextRoundTripsPathsWithSpaces() throws {
        let record = sample()
        let text = try XCTUnwrap(record.text)
        XCTAssertEqual(RunRecord(text: text), record)
        XCTAssertTrue(text.contains("output 12:1700000000.5:1700000001.999999999:42:7 /work/out/Sources/A B.swift\n"), text)
        XCTAssertEqual(record.key.connectors, ["a", "b"], "connectors are sorted so the order on the command line does not matter")
    }

    func testIncompleteOrForeignTextIsNoRecord() throws {
        let text = try XCTUnwrap(sample().text)
        XCTAssertNil(RunRecord(text: String(text.dropLast("end\n".count))), "a record cut short")
        XCTAssertNil(RunRecord(text: text.replacingOccurrences(of: "summary 2 40", with: "summary two 40")))
        XCTAssertNil(RunRecord(text: text.replacingOccurrences(of: "listed ", with: "seen ")))
        XCTAssertNil(RunRecord(text: text.replacingOccurrences(of: "# sdkgen run record 1", with: "# sdkgen run record 2")))
        XCTAssertNil(RunRecord(text: text.replacingOccurrences(of: ":42:7 /work/out", with: ":x:7 /work/out")))
        XCTAssertNil(RunRecord(text: ""))
    }

    func testMessagesWithoutFinalLineBreakCannotBeStored() {
        var record = sample()
        record.messages = "warning: cut"
        XCTAssertNil(record.text)
        record.messages = ""
        XCTAssertEqual(record.text.flatMap(RunRecord.init(text:)), record)
    }

    func testPathWithLineBreakCannotBeStored() {
        var record = sample()
        record.outputs.append(RunRecord.Output(path: "/work/odd\nname.swift", identity: identity))
        XCTAssertNil(record.text)
    }

    func testProjectLineOnlyWhenGiven() throws {
        var record = sample()
        record.key = RunRecord.Key(currentDirectory: "/work", projectDirectory: nil, connectors: nil)
        let text = try XCTUnwrap(record.text)
        XCTAssertFalse(text.contains("\nproject "))
        XCTAssertEqual(RunRecord(text: text)?.key, record.key)
    }
}
