/// A package another generator wrote in a package folder (Firebase's, when switching to sdkgen),
/// described closely enough to tell it from files a person wrote, so that sdkgen may replace
/// exactly its files.
public struct PredecessorPackage: Sendable, Equatable {
    /// A test the bytes of one of its files must pass.
    public enum Signature: Sendable, Equatable {
        /// The file exists; its bytes say nothing.
        case any
        /// The file begins with this text.
        case opening(String)
        /// The file contains this text.
        case containing(String)

        /// Why the file at `path` fails this test, for a message.
        func unmet(by path: String) -> String {
            switch self {
            case .any: return "'\(path)' is missing"
            case .opening(let text): return "'\(path)' does not begin with '\(text)'"
            case .containing(let text): return "'\(path)' does not contain '\(text)'"
            }
        }
    }

    /// Who wrote it, as the run's message names it: `Firebase's generator`.
    public var generator: String
    /// Every file it writes, relative to the package folder, with the test its bytes must pass.
    /// When all pass, these files are replaced; any other file in the folder is a person's, and kept.
    public var files: [String: Signature]

    public init(generator: String, files: [String: Signature]) {
        self.generator = generator
        self.files = files
    }

    /// Whether `bytes` pass `signature`.
    static func matches(_ bytes: [UInt8], _ signature: Signature) -> Bool {
        switch signature {
        case .any: return true
        case .opening(let text): return bytes.starts(with: text.utf8)
        case .containing(let text):
            let needle = Array(text.utf8)
            guard !needle.isEmpty, bytes.count >= needle.count else { return needle.isEmpty }
            return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
        }
    }
}

/// A package folder whose predecessor's files a run replaced (or, for `--check`, would replace).
public struct ReplacedPackage: Sendable, Equatable {
    /// The package folder, absolute.
    public var directory: String
    /// `PredecessorPackage.generator`.
    public var generator: String
}
