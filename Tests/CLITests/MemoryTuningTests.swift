import XCTest
@testable import CLI

final class MemoryTuningTests: XCTestCase {
    /// On glibc the threshold must really be set: the peak memory of large projects depends on it.
    func testTheMmapThresholdIsSetOnGlibc() {
        #if canImport(Glibc)
        XCTAssertTrue(MemoryTuning.apply())
        #else
        XCTAssertFalse(MemoryTuning.apply())
        #endif
    }
}
