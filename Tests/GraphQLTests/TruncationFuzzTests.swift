import Diagnostics
import GraphQL
import XCTest

/// Every prefix of a real document must either parse or fail with a well-placed syntax error;
/// nothing may trap. The cut points are deterministic.
final class TruncationFuzzTests: XCTestCase {
    func testTruncatingEveryCorpusFileNeverTraps() throws {
        var cutsChecked = 0
        var midSequenceCuts = 0
        for path in try GraphQLTesting.distinctCorpusFiles() {
            let bytes = try GraphQLTesting.load(path).bytes
            for cut in Self.cutPoints(bytes) {
                if cut < bytes.count, bytes[cut] & 0xC0 == 0x80 { midSequenceCuts += 1 }
                let source = SourceFile(path: "\(path)@\(cut)", bytes: Array(bytes[0..<cut]))
                do {
                    _ = try Parser.parseDocument(source)
                } catch let error as DiagnosticError {
                    Self.checkPlacement(error, in: source)
                }
                cutsChecked += 1
            }
        }
        XCTAssertGreaterThan(cutsChecked, 20_000)
        XCTAssertGreaterThan(midSequenceCuts, 50, "the corpus should yield cuts inside UTF-8 sequences")
    }

    func testCutInsideAMultiByteCharacterReportsInvalidUTF8() {
        let bytes = Array("\"café\"".utf8)
        let source = SourceFile(path: "cut.graphql", bytes: Array(bytes[0..<5]))
        let diagnostic = GraphQLTesting.syntaxError { try Parser.parseValue(source) }
        XCTAssertEqual(diagnostic?.message, "Syntax Error: Invalid UTF-8 byte: 0xC3.")
        XCTAssertEqual(diagnostic?.span?.range?.start.column, 5)
    }

    /// About 50 cut points spread over the file, plus the first cuts that fall inside a multi-byte
    /// UTF-8 sequence.
    static func cutPoints(_ bytes: [UInt8]) -> [Int] {
        guard bytes.count > 1 else { return [0] }
        var cuts = Set((0..<47).map { $0 * bytes.count / 47 })
        cuts.insert(bytes.count - 1)
        var inside = 0
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 == 0x80 && inside < 3 {
            cuts.insert(offset)
            inside += 1
        }
        return cuts.sorted()
    }

    /// The error's range must lie in the file and agree with the file's own line index.
    static func checkPlacement(_ error: DiagnosticError, in source: SourceFile, line: UInt = #line) {
        XCTAssertEqual(error.diagnostics.count, 1)
        guard let diagnostic = error.diagnostics.first, let range = diagnostic.span?.range else {
            return XCTFail("\(source.path): error without a range: \(error)")
        }
        XCTAssertTrue(diagnostic.message.hasPrefix("Syntax Error: "), diagnostic.message)
        XCTAssertLessThanOrEqual(range.start.offset, range.end.offset)
        XCTAssertLessThanOrEqual(range.end.offset, source.bytes.count)
        XCTAssertEqual(range.start, source.location(atOffset: range.start.offset), "\(source.path): \(diagnostic.message)")
    }
}
