/// The rules for names written in the configuration files, shared by the readers and `sdkgen init`.
public enum ConfigNames {
    /// A Swift module name, as `package` must be: ASCII letters, digits and `_`, not starting with a digit.
    public static func isPackageName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return !name.contains("-") && isResourceID(name)
    }

    /// Only ASCII letters, digits, `-` and `_`, as Data Connect resource ids (`serviceId`,
    /// `location`, `connectorId`) must be; these end up in generated code, so nothing else may pass.
    public static func isResourceID(_ text: String) -> Bool {
        text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// Whether `outputDir` is free of control characters: a NUL would cut the path short in every
    /// system call, writing into a stray folder.
    public static func isOutputDir(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
