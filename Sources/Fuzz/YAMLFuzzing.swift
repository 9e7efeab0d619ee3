import Diagnostics
import YAML

/// The `yaml` target: reads the input as a YAML document.
enum YAMLFuzzing {
    static func run(_ bytes: [UInt8]) {
        do {
            _ = try YAMLParser.parse(SourceFile(path: "fuzz.yaml", bytes: bytes))
        } catch let error as DiagnosticError {
            FuzzTarget.render(error.diagnostics)
        } catch {
            fatalError("the YAML reader threw something other than a DiagnosticError: \(error)")
        }
    }
}
