extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place when they are contiguous (every
    /// native string) and from a contiguous copy otherwise.
    ///
    /// Every stage reads names, paths and generated text as bytes; `withUTF8` alone needs a
    /// mutable copy of the string, which costs a reference count per call on hot paths.
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
