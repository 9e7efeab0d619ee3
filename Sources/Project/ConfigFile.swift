import Diagnostics
import YAML

/// Turns a configuration file into its YAML root, reporting YAML errors and empty files.
enum ConfigFile {
    static func parse(_ file: SourceFile, diagnostics: inout DiagnosticCollector) -> YAMLNode? {
        do {
            guard let root = try YAMLParser.parse(file) else {
                diagnostics.append(.error(.yamlEmptyFile, "the file is empty", in: file, at: nil))
                return nil
            }
            return root
        } catch let error as DiagnosticError {
            diagnostics.append(contentsOf: error.diagnostics)
        } catch {
            diagnostics.append(.error(.yamlSyntax, "cannot read the file as YAML: \(error)", in: file, at: nil))
        }
        return nil
    }
}
