extension Array {
    /// The elements in a buffer of exactly their count when two or more slots are spare. A parsed
    /// document lives until its operations are lowered, which is the run's peak of memory, and
    /// lists grown by appending keep up to half their capacity unused; a copy that fits costs less
    /// than that (one spare slot is not worth an allocation).
    func trimmed() -> [Element] {
        guard capacity - count >= 2 else { return self }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(from: self).1
        }
    }
}
