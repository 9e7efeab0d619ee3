import Diagnostics
import YAML

/// The `yaml` target: reads the input as a YAML document.
enum YAMLFuzzing {
    static func run(_ bytes: [UInt8]) {
        _ = FuzzTarget.reading(by: "the YAML reader") { try YAMLParser.parse(SourceFile(path: "fuzz.yaml", bytes: bytes)) }
    }
}
