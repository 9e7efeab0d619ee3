/// A package another generator wrote in a package folder (Firebase's, when switching to sdkgen),
/// described closely enough to tell it from a package a person wrote, so that sdkgen may replace
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
    }

    /// Who wrote it, as the run's message names it: `Firebase's generator`.
    public var generator: String
    /// Every file it writes, relative to the package folder, with the test its bytes must pass.
    public var files: [String: Signature]
    /// Folders, relative to the package folder, that hold nothing but its files (hidden entries,
    /// which SwiftPM ignores, aside): any other file there is a person's addition.
    public var exclusiveFolders: [String]

    public init(generator: String, files: [String: Signature], exclusiveFolders: [String]) {
        self.generator = generator
        self.files = files
        self.exclusiveFolders = exclusiveFolders
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
