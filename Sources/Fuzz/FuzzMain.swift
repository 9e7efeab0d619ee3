/// Built with `-D SDKGEN_FUZZ` and the fuzzer sanitizer (scripts/fuzz.sh), the program is a libFuzzer
/// driver; a plain build replays inputs instead.
@main
enum FuzzMain {
    static func main() {
        #if SDKGEN_FUZZ
        LibFuzzer.run()
        #else
        Replay.run()
        #endif
    }
}
