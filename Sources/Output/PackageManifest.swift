/// `.sdkgen-manifest`: the files sdkgen generated in one package folder. A header line with the
/// marker, then one relative path per line, sorted by bytes, so identical output gives an identical
/// manifest. It tells a later run which files it may delete once they are no longer generated; each
/// file's marker says it is sdkgen's.
enum PackageManifest {
    static let fileName = ".sdkgen-manifest"
    static let header = "# " + OwnershipMarker.text

    /// The comment line of a manifest written ahead while sdkgen replaces another generator's
    /// package: until the final manifest drops it, the listed files of that package are still
    /// replaced as if sdkgen owned them, so a run cut short half-way is finished by the next one.
    static let replacingLine = "# replacing the package another generator wrote"

    /// The manifest of `sortedPaths`; `replacing` adds `replacingLine`.
    static func text(listing sortedPaths: [String], replacing: Bool = false) -> String {
        ([header] + (replacing ? [replacingLine] : []) + sortedPaths).map { $0 + "\n" }.joined()
    }

    /// Whether the manifest in `bytes` was written ahead while replacing another generator's package.
    static func isReplacing(_ bytes: [UInt8]) -> Bool {
        bytes.split(separator: UInt8(ascii: "\n")).dropFirst().first?.elementsEqual(replacingLine.utf8) ?? false
    }

    /// The paths `bytes` list, nil when they are no manifest (the first line is not `header`). Lines
    /// starting with `#` are comments, and the lines `<SHA-256 in hex>  <path>` of older versions
    /// count as their path, so their output is taken over as it is.
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
