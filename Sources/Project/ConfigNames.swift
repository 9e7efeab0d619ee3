/// The rules for names written in the configuration files, shared by the readers and `sdkgen init`.
public enum ConfigNames {
    /// A Swift module name, as `package` must be: ASCII letters, digits and `_`, not starting with a digit.
    public static func isPackageName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// Only ASCII letters, digits, `-` and `_`, as Data Connect resource ids (`serviceId`,
    /// `location`, `connectorId`) must be; these end up in generated code, so nothing else may pass.
    public static func isResourceID(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }

    /// Whether `outputDir` is free of control characters: a NUL would cut the path short in every
    /// system call, writing into a stray folder.
    public static func isOutputDir(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
