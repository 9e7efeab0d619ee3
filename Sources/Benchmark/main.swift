// sdkgen-benchmark: speed measurements of the pipeline's stages, one subcommand per stage.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let command = BenchmarkCommands.all.first(where: { $0.name == name }) else {
    var usage = "usage: sdkgen-benchmark <command> [arguments]\n\ncommands:\n"
    for command in BenchmarkCommands.all {
        usage += "  \(command.name.padding(to: 10)) \(command.summary)\n"
    }
    FileHandle.standardError.write(Data(usage.utf8))
    exit(arguments.isEmpty || arguments.first == "--help" ? 0 : 2)
}
do {
    try command.run(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("sdkgen-benchmark \(name): \(error)\n".utf8))
    exit(1)
}
