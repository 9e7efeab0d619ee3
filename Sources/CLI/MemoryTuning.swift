import CAllocator

/// Allocator settings for sdkgen's allocation pattern.
enum MemoryTuning {
    /// Fixes glibc's threshold for serving an allocation with a mapping of its own at its default,
    /// 128 KiB. Left alone, glibc raises it to the size of each such block freed (up to 32 MiB),
    /// so emission's large transient texts (a 1,000-table package has a 2 MB README, rendered into
    /// a 4 MB buffer and compared with the file on disk) land in the heap among long-lived objects
    /// and leave holes there. Mapped, they go back to the system when freed: the peak memory of a
    /// 1,000-table project falls by 5 MB.
    ///
    /// Returns whether the setting took effect; false where the allocator is not glibc's.
    @discardableResult
    static func apply() -> Bool {
        sdkgen_set_mmap_threshold(128 * 1024) == 1
    }
}
