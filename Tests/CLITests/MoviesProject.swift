import Foundation
import TestSupport

/// A temporary copy of Fixtures/movies whose package is generated inside the copy, at
/// `generated/MoviesSDK` (the fixture itself points outside, at `../../generated`).
final class MoviesProject {
    let folder: TemporaryFolder
    var path: String { folder.path }

    static let packageFolder = "generated/MoviesSDK"
    /// The project's own files, sorted: all there is before a run writes anything.
    static let sourceFiles = ["connector/connector.yaml", "connector/mutations.gql", "connector/queries.gql", "dataconnect.yaml", "schema/schema.gql"]
    static let generatedFiles = [
        ".sdkgen-manifest", "Package.swift", "README.md",
        "Sources/MoviesClient.swift", "Sources/MoviesKeys.swift", "Sources/MoviesOperations.swift",
        "Sources/Operations/CreateMovieMutation.swift", "Sources/Operations/GetMovieByKeyQuery.swift",
        "Sources/Operations/ListMoviesByGenreQuery.swift",
    ]

    init() throws {
        folder = try TemporaryFolder()
        let fixture = SharedFolder.packageRoot.appendingPathComponent("Fixtures/movies").path
        for relative in Self.sourceFiles {
            let text = try String(contentsOfFile: fixture + "/" + relative, encoding: .utf8)
            try folder.write(relative, relative == "connector/connector.yaml" ? Self.localOutput(text) : text)
        }
    }

    /// The fixture's connector.yaml must name `outputDir: ../../generated`; anything else is a
    /// changed fixture that these tests must follow.
    private static func localOutput(_ text: String) throws -> String {
        let original = "outputDir: ../../generated"
        guard text.contains(original) else { throw FixtureChanged(message: "connector.yaml no longer has '\(original)'") }
        return text.replacingOccurrences(of: original, with: "outputDir: ../generated")
    }

    func generated(_ file: String) -> String { Self.packageFolder + "/" + file }

    /// Replaces `old` (which must occur) with `new` in a project file, atomically, as editors save.
    func edit(_ relative: String, replacing old: String, with new: String) throws {
        let text = try contents(relative)
        guard text.contains(old) else { throw FixtureChanged(message: "'\(old)' not found in \(relative)") }
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: folder.url(relative)), options: .atomic)
    }

    func append(_ relative: String, _ addition: String) throws {
        try Data((contents(relative) + addition).utf8).write(to: URL(fileURLWithPath: folder.url(relative)), options: .atomic)
    }

    /// The 1-based line and column where `text` first starts in a project file, so that tests
    /// find their lines by content and survive edits of the fixture.
    func location(of text: String, in relative: String) throws -> (line: Int, column: Int) {
        for (index, line) in try contents(relative).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1) }
        }
        throw FixtureChanged(message: "'\(text)' not found in \(relative)")
    }

    private func contents(_ relative: String) throws -> String {
        guard let text = folder.read(relative) else { throw FixtureChanged(message: "\(relative) cannot be read") }
        return text
    }
}

struct FixtureChanged: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
