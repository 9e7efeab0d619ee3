import Foundation
import XCTest

/// Runs work on another thread and gives up waiting after a bound, so that a regression to
/// superlinear cost fails its test instead of hanging the suite. `stackSize` (bytes) sets the
/// thread's stack, e.g. to the 512 KB of a secondary thread on Apple platforms.
public enum Watchdog {
    public static func run<T>(seconds: Double, stackSize: Int? = nil, file: StaticString = #filePath, line: UInt = #line,
                              _ work: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let box = Box<T>()
        let thread = Thread {
            box.value = work()
            done.signal()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
        guard done.wait(timeout: .now() + seconds) == .success else {
            XCTFail("did not finish within \(seconds) s", file: file, line: line)
            return nil
        }
        return box.value
    }

    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }
}
