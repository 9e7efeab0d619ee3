import Foundation
import XCTest

/// `Examples/LinuxMovies`, run as the README says, with a scratch folder under this package's
/// `.build` so that its build products survive between test runs.
enum LinuxExample {
    static let folder = "Examples/LinuxMovies"

    /// What the demo prints: the results of its mutation and queries, decoded into the generated types.
    static let expectedOutput = """
        CreateMovie: inserted Arrival as 00000000-0000-0000-0000-000000000004
        ListMoviesByGenre(genre: "Sci-Fi"): 3 movies
          The Matrix, rated 8.7
          Blade Runner, rated 8.1
          Arrival, rated 7.9
        GetMovieByKey: Arrival (2016), Sci-Fi, rated 7.9

        """

    /// `swift run --package-path Examples/LinuxMovies movies-demo`: the exit status, what the demo
    /// printed (standard output) and what the build and the demo reported (standard error).
    static func run() throws -> (status: Int32, output: String, errors: String) {
        let scratch = Fixture.packageRoot.appendingPathComponent(".build/sdkgen-tests/linux-example")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let errorsFile = scratch.appendingPathComponent("stderr.txt")
        guard FileManager.default.createFile(atPath: errorsFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorsFile.path])
        }
        let errors = try FileHandle(forWritingTo: errorsFile)
        defer { try? errors.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "run", "--package-path", Fixture.packageRoot.appendingPathComponent(folder).path,
                             "--scratch-path", scratch.appendingPathComponent(".build").path, "movies-demo"]
        let output = Pipe()
        process.standardOutput = output
        // A file, not a second pipe: the build log could fill a pipe nobody reads while the output is read.
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let reported = try String(contentsOf: errorsFile, encoding: .utf8)
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), reported)
    }
}
