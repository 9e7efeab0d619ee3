import Project
import YAML

/// The `generate.swiftSdk` entry `sdkgen init` adds to a `connector.yaml`.
public struct SwiftSDKEntry: Sendable, Equatable {
    /// Folder the package folder goes into, relative to the connector folder.
    public var outputDir: String
    /// Swift package, product and target name.
    public var package: String
    public var observablePublisher: ObservablePublisher
    /// `firebase` is Firebase's default and is not written, so the entry stays what Firebase's CLI writes.
    public var runtime: RuntimeChoice

    public init(outputDir: String, package: String, observablePublisher: ObservablePublisher = .observableMacro,
                runtime: RuntimeChoice = .firebase) {
        self.outputDir = outputDir
        self.package = package
        self.observablePublisher = observablePublisher
        self.runtime = runtime
    }

    /// The entry's `key: value` lines, each with its nesting depth below the entry (0 or 1).
    var lines: [(depth: Int, text: String)] {
        var lines: [(Int, String)] = [
            (0, "outputDir: " + YAMLScalarWriter.scalar(outputDir)),
            (0, "package: " + YAMLScalarWriter.scalar(package)),
            (0, "observablePublisher: " + observablePublisher.rawValue),
        ]
        switch runtime {
        case .firebase:
            break
        case .portablePath(let path):
            lines += [(0, "sdkgenRuntime:"), (1, "path: " + YAMLScalarWriter.scalar(path))]
        case .portableURL(let url, let version):
            lines += [(0, "sdkgenRuntime:"), (1, "url: " + YAMLScalarWriter.scalar(url)), (1, "from: " + YAMLScalarWriter.scalar(version))]
        }
        return lines
    }

    /// The entry as a block mapping at `indent` columns, nested levels `step` deeper; `dash` makes it a sequence item.
    func render(indent: Int, step: Int, dash: Bool = false, newline: String = "\n") -> String {
        lines.enumerated().map { index, line in
            let column = indent + line.depth * step
            if dash, index == 0 { return String(repeating: " ", count: column - 2) + "- " + line.text + newline }
            return String(repeating: " ", count: column) + line.text + newline
        }.joined()
    }

    /// The entry as a user would add it by hand under `generate:` (for errors that ask them to).
    public var snippet: String {
        "generate:\n  swiftSdk:\n" + render(indent: 4, step: 2)
    }
}
