import Foundation
import XCTest
@testable import SwiftEmitter

/// `SwiftEmitter.emit(..., diskCheck:)`: texts the disk already holds are not kept.
final class DiskCheckTests: XCTestCase {
    private let sdl = "type Movie @table { title: String! }\n"
    private let operations = "query ListMovies @auth(level: PUBLIC) { movies { title } }\nquery Other @auth(level: PUBLIC) { movies { id } }\n"

    private func emit(cache: RenderCache? = nil, diskCheck: DiskCheck?) throws -> [GeneratedSwiftFile] {
        let schema = try Emit.schema(sdl)
        let ir = try XCTUnwrap(try Emit.ir(operations, schema: schema).0)
        let (files, diagnostics) = SwiftEmitter.emit(connector: Emit.connector, options: SwiftSDKOptions(packageName: "TestSDK"),
                                                     schema: schema, ir: ir, cache: cache, diskCheck: diskCheck)
        XCTAssertEqual(diagnostics.map(\.message), [])
        return files
    }

    func testFilesTheDiskHoldsKeepOnlyTheirPath() throws {
        let full = try emit(diskCheck: nil)
        let texts = Dictionary(full.map { ($0.pathInPackage, $0.contents) }, uniquingKeysWith: { a, _ in a })
        let unchanged: Set<String> = ["README.md", "Sources/Operations/ListMoviesQuery.swift"]
        let asked = Asked()
        let lean = try emit(diskCheck: { path, text in
            asked.add(path)
            // The check sees each file's real text under its final path.
            return unchanged.contains(path) && texts[path] == String(decoding: text, as: UTF8.self)
        })
        XCTAssertEqual(lean.map(\.path), full.map(\.path), "the same files in the same order")
        XCTAssertEqual(asked.paths, Set(full.map(\.pathInPackage)), "every file is offered")
        for file in lean {
            if unchanged.contains(file.pathInPackage) {
                XCTAssertTrue(file.isAlreadyOnDisk, file.path)
                XCTAssertEqual(file.contents, "", file.path)
            } else {
                XCTAssertFalse(file.isAlreadyOnDisk, file.path)
                XCTAssertEqual(file.contents, texts[file.pathInPackage], file.path)
            }
        }
    }

    func testNotWithACacheWhichKeepsWholeTexts() throws {
        let files = try emit(cache: RenderCache(), diskCheck: { _, _ in true })
        XCTAssertFalse(files.contains(where: \.isAlreadyOnDisk))
        XCTAssertFalse(files.contains(where: \.contents.isEmpty))
    }
}

/// The paths a disk check was asked about, from any thread.
private final class Asked: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<String> = []

    func add(_ path: String) { lock.withLock { _ = seen.insert(path) } }
    var paths: Set<String> { lock.withLock { seen } }
}
