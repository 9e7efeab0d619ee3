import Pipeline
import Project

/// The `pipeline` target: the input is the one operation file of the `Fixtures/library` project
/// (its schema and configuration stay as they are); every stage runs in memory, and every file of
/// the generated package is rendered. Nothing is written.
enum PipelineFuzzing {
    static func run(_ bytes: [UInt8]) {
        let fileSystem = MemoryFileSystem(files: fixture.merging([operationsPath: bytes]) { _, input in input })
        let options = Generator.Options(projectDirectory: root, currentDirectory: root, lastStage: .emit, fileSystem: fileSystem)
        let compilation = Generator.generate(options)
        FuzzTarget.render(compilation.diagnostics.diagnostics)
        for package in compilation.packages {
            for file in package.files.values { _ = file.text }
        }
    }

    private static let root = "/fuzz"
    private static let operationsPath = root + "/city-library/operations.gql"

    /// The fixture's configuration and schema, read once from this checkout.
    private static let fixture: [String: [UInt8]] = {
        let checkout = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/"))
        var files: [String: [UInt8]] = [:]
        for relative in ["dataconnect.yaml", "schema/schema.gql", "city-library/connector.yaml"] {
            do {
                files[root + "/" + relative] = try LocalFileSystem().readFile("/" + checkout + "/Fixtures/library/" + relative)
            } catch {
                fatalError("cannot read Fixtures/library/\(relative) of the checkout /\(checkout): \(error)")
            }
        }
        return files
    }()
}
