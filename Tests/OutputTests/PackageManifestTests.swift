@testable import Output
import XCTest

final class PackageManifestTests: XCTestCase {
    private let files = ["a.swift": "one\n", "b.swift": "two\n"]

    func testHashesEveryFileWithoutAPreviousManifest() {
        let manifest = PackageManifest(files: files)
        XCTAssertEqual(manifest.hashes(of: "a.swift"), [SHA256.hex("one\n")])
        XCTAssertEqual(manifest.hashes(of: "b.swift"), [SHA256.hex("two\n")])
    }

    func testUnchangedFilesKeepTheirSingleRecordedHash() throws {
        // A recorded hash that is not the file's proves the hash was reused, not recomputed.
        let text = "\(PackageManifest.header)\n\(String(repeating: "a", count: 64))  a.swift\n"
        let previous = try XCTUnwrap(parsedManifest(text))
        let manifest = PackageManifest(files: files, reusing: previous, unchanged: ["a.swift"])
        XCTAssertEqual(manifest.hashes(of: "a.swift"), [String(repeating: "a", count: 64)])
        XCTAssertEqual(manifest.hashes(of: "b.swift"), [SHA256.hex("two\n")])
    }

    func testChangedOrAmbiguousEntriesAreRehashed() throws {
        let text = """
            \(PackageManifest.header)
            \(String(repeating: "a", count: 64))  a.swift
            \(String(repeating: "b", count: 64))  a.swift
            \(String(repeating: "c", count: 64))  b.swift

            """
        let previous = try XCTUnwrap(parsedManifest(text))
        // Two hashes (an interrupted run) for a.swift; b.swift is not unchanged.
        let manifest = PackageManifest(files: files, reusing: previous, unchanged: ["a.swift"])
        XCTAssertEqual(manifest.hashes(of: "a.swift"), [SHA256.hex("one\n")])
        XCTAssertEqual(manifest.hashes(of: "b.swift"), [SHA256.hex("two\n")])
    }

    func testReadsItsOwnTextAndRejectsAnythingElse() throws {
        let hash = String(repeating: "0123456789abcdef", count: 4)
        let manifest = PackageManifest(files: ["Sources/A B.swift": "x", "Package.swift": "y"])
        XCTAssertEqual(parsedManifest(manifest.text), manifest)
        XCTAssertEqual(parsedManifest("\n\(PackageManifest.header)\n# note\n\n\(hash)  a b.swift\n")?.hashes(of: "a b.swift"), [hash])
        let broken = [
            "", "# not sdkgen's\n\(hash)  a.swift\n",
            "\(PackageManifest.header)\n\(hash.uppercased())  a.swift\n",
            "\(PackageManifest.header)\n\(hash) a.swift\n",
            "\(PackageManifest.header)\n\(hash)  \n",
            "\(PackageManifest.header)\n\(hash.dropLast())  a.swift\n",
        ]
        for text in broken { XCTAssertNil(parsedManifest(text), text) }
    }

    func testByteComparison() {
        XCTAssertTrue([UInt8]().hasSameBytes(as: []))
        XCTAssertTrue(Array("same".utf8).hasSameBytes(as: Array("same".utf8)))
        XCTAssertFalse(Array("same".utf8).hasSameBytes(as: Array("sane".utf8)))
        XCTAssertFalse(Array("same".utf8).hasSameBytes(as: Array("same!".utf8)))
    }

    /// `isExactly` accepts the bytes this run would write for these paths with one hash each, and
    /// nothing else: then the manifest on disk is taken as current without being parsed.
    func testIsExactlyAcceptsOnlyTheBytesThisRunWouldWrite() {
        let manifest = PackageManifest(files: files)
        let paths = ["a.swift", "b.swift"]
        let exact = manifest.bytes(orderedBy: paths)
        XCTAssertTrue(PackageManifest.isExactly(exact, listing: paths))

        let text = String(decoding: exact, as: UTF8.self)
        let hash = SHA256.hex("one\n")
        let others: [(String, [String])] = [
            (text, ["a.swift"]),
            (text, ["a.swift", "b.swift", "c.swift"]),
            (text, ["b.swift", "a.swift"]),
            (text + "\n", paths),
            (String(text.dropLast()), paths),
            (text.replacingOccurrences(of: hash, with: hash.uppercased()), paths),
            (text.replacingOccurrences(of: hash + "  a.swift\n", with: hash + "  a.swift\n" + hash + "  a.swift\n"), paths),
            (text.replacingOccurrences(of: PackageManifest.header + "\n", with: PackageManifest.header + "\n# note\n"), paths),
            ("", []),
            ("# not sdkgen's\n", []),
        ]
        for (other, listing) in others {
            XCTAssertFalse(PackageManifest.isExactly(Array(other.utf8), listing: listing), "\(listing): \(other)")
        }
        XCTAssertTrue(PackageManifest.isExactly(PackageManifest().bytes(orderedBy: []), listing: []), "a package without files")
    }
}
