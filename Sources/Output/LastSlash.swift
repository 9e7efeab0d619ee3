extension Substring {
    /// The index of the last `/`, found among the bytes in place: the generic
    /// `utf8.lastIndex(of:)` steps back through string indices one at a time, which made it the
    /// largest single cost of inspecting a package of five thousand files.
    var lastSlashIndex: String.Index? {
        let slash = UInt8(ascii: "/")
        guard let offset = utf8.withContiguousStorageIfAvailable({ $0.lastIndex(of: slash) }) else { return utf8.lastIndex(of: slash) }
        return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }
}

extension String {
    /// The index of the last `/` (see `Substring.lastSlashIndex`).
    var lastSlashIndex: String.Index? { self[...].lastSlashIndex }
}
