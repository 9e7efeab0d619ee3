import SwiftEmitterTestSupport
import XCTest

/// Every project of the corpus through all stages into the emitter: no crash, and every connector
/// whose operations validate gets a package or a precise error.
enum EmitterChecks {
    static var all: [CorpusCheck] {
        [CorpusCheck("Emitter.corpusProjectsEmit", corpusProjectsEmit)]
    }

    static func corpusProjectsEmit() throws {
        let (packages, refused) = try CorpusPackages.emitAll()
        XCTAssertEqual(refused.map { "\($0.0): \($0.1.map(\.message))" }, [], "every connector that validates gets a package")
        XCTAssertGreaterThanOrEqual(packages.count, 46)
        print("corpus: \(packages.count) packages, refused: \(refused.map(\.0))")
        for (_, _, files) in packages {
            // Package.swift, README.md, Client, Keys and the shared Operations file, then one file per class.
            XCTAssertEqual(files.filter { !$0.path.hasPrefix("Sources/Operations/") }.count, 5)
            XCTAssertEqual(Set(files.map { $0.path.lowercased() }).count, files.count, "no two paths differ only in case")
        }
    }
}
