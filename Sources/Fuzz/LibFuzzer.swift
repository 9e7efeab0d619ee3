#if SDKGEN_FUZZ
import Foundation

/// libFuzzer's driver, linked in by `-sanitize=fuzzer`: parses libFuzzer's flags from the arguments
/// and calls `testOneInput` once per input. (libFuzzer's own `main` cannot be used: SwiftPM points
/// an executable's `main` at the module's entry point.) Declared by its C symbol: three pointers
/// and an integer result are passed alike by Swift's and C's calling conventions.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<CInt>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                       _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

enum LibFuzzer {
    /// Fuzzes the target named by `SDKGEN_FUZZ_TARGET` (the arguments belong to libFuzzer).
    static func run() -> Never {
        let name = ProcessInfo.processInfo.environment["SDKGEN_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("SDKGEN_FUZZ_TARGET must be one of: \(names)\n".utf8))
            exit(2)
        }
        selected = target
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let status = runDriver(&argc, &argv, testOneInput)
        exit(status)
    }

    private static let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        selected?.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }

    /// Read by the C callback, which cannot capture it; set once before fuzzing starts.
    nonisolated(unsafe) private static var selected: FuzzTarget?
}
#endif
