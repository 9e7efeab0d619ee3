/// `.sdkgen-manifest`: the files sdkgen generated in one package folder, which a later run may delete once no longer
/// generated. A header line with the marker, then one relative path per line, sorted by bytes (identical output, identical
/// manifest).
enum PackageManifest {
    static let fileName = ".sdkgen-manifest"
    static let header = "# " + OwnershipMarker.text

    /// The comment line of a manifest written ahead while replacing another generator's package: until the final manifest
    /// drops it, that package's listed files are replaced as if sdkgen's, so the next run finishes one cut short.
    static let replacingLine = "# replacing the package another generator wrote"

    /// The manifest of `sortedPaths`; `replacing` adds `replacingLine`.
    static func text(listing sortedPaths: [String], replacing: Bool = false) -> String {
        ([header] + (replacing ? [replacingLine] : []) + sortedPaths).map { $0 + "\n" }.joined()
    }

    /// Whether the manifest in `bytes` was written ahead while replacing another generator's package.
    static func isReplacing(_ bytes: [UInt8]) -> Bool {
        bytes.split(separator: UInt8(ascii: "\n")).dropFirst().first?.elementsEqual(replacingLine.utf8) ?? false
    }

    /// The paths `bytes` list, nil when they are no manifest (no `header` first). `#` starts a comment; an older version's
    /// `<SHA-256 in hex>  <path>` counts as its path, so that output is taken over as it is.
    static func paths(in bytes: [UInt8]) -> [String]? {
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        guard let first = lines.first, first.elementsEqual(header.utf8) else { return nil }
        return lines.dropFirst().filter { $0.first != UInt8(ascii: "#") }.map { line in
            let hashed = line.count > 66 && line.prefix(64).allSatisfy(isLowercaseHex) && line.dropFirst(64).starts(with: "  ".utf8)
            return String(decoding: hashed ? line.dropFirst(66) : line, as: UTF8.self)
        }
    }

    private static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
    }
}
