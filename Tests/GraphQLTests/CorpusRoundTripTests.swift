import Diagnostics
import GraphQL
import XCTest

/// parse(print(ast)) must equal ast (ranges aside) for every corpus document.
final class CorpusRoundTripTests: XCTestCase {
    func testCorpusIsPresent() throws {
        // Outside the assertion: a skip thrown inside its autoclosure would count as a failure.
        let files = try GraphQLTesting.corpusFiles()
        XCTAssertGreaterThan(files.count, 300)
    }

    func testPrintThenParseGivesTheSameTreeForEveryCorpusFile() throws {
        var checked = 0
        for path in try GraphQLTesting.distinctCorpusFiles() where !SpecFixtures.expectedToFail.keys.contains(where: path.hasSuffix) {
            let source = try GraphQLTesting.load(path)
            let document: Document
            do {
                document = try Parser.parseDocument(source)
            } catch {
                XCTFail("\(path) does not parse: \(error)")
                continue
            }
            let printed = Printer.print(document)
            let reparsed: Document
            do {
                reparsed = try Parser.parseDocument(SourceFile(path: path + " (printed)", text: printed))
            } catch {
                XCTFail("printed \(path) does not parse: \(error)\n\(printed)")
                continue
            }
            if let difference = StructuralComparison.firstDifference(document, reparsed) {
                XCTFail("\(path): round trip changed the tree at \(difference)")
            }
            XCTAssertEqual(Printer.print(reparsed), printed, "printing is not stable for \(path)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 300)
    }
}
