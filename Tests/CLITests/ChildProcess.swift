import Foundation

/// The built `sdkgen` executable running as a child process, with its standard output and error
/// collected as they arrive.
final class ChildProcess {
    let process = Process()
    private let output: PipeCollector
    private let errors: PipeCollector

    /// `environment` is added to this process's own.
    init(_ executable: URL, arguments: [String], in directory: String, environment: [String: String] = [:]) throws {
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        output = PipeCollector(outputPipe)
        errors = PipeCollector(errorPipe)
        try process.run()
    }

    /// The `sdkgen` built next to the test bundle, in the products folder of the current build
    /// (`swift test` builds every product before it runs the tests).
    static func builtSDKGen(besides testClass: AnyClass) throws -> URL {
        let bundle = Bundle(for: testClass).bundleURL
        // On Linux the test bundle is the `.xctest` executable, on macOS a `.xctest` folder; both sit in the products folder.
        let products = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        let executable = products.appendingPathComponent("sdkgen")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ChildProcessFailure(message: "the sdkgen executable was not found at \(executable.path) (test bundle: \(bundle.path)); "
                + "build it with 'swift build --product sdkgen' or run the tests with 'swift test'")
        }
        return executable
    }

    var stdout: String { output.text }
    var stderr: String { errors.text }

    /// Polls `condition` every 20 ms; throws, with everything the child printed, when it does not
    /// hold within `timeout` seconds or the child has exited.
    func waitUntil(_ what: String, timeout: TimeInterval = 10, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard process.isRunning else { throw failure("sdkgen exited (status \(process.terminationStatus)) while waiting for \(what)") }
            guard Date() < deadline else { throw failure("timed out after \(timeout) s waiting for \(what)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Sends `signal` and waits for the child to exit and for both pipes to reach their end.
    func stop(with signal: Int32, timeout: TimeInterval = 10) throws {
        kill(process.processIdentifier, signal)
        try waitForExit(timeout: timeout, after: "signal \(signal)")
    }

    /// Waits for the child to exit by itself and for both pipes to reach their end.
    func waitForExit(timeout: TimeInterval = 60, after event: String = "its start") throws {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw failure("sdkgen did not exit within \(timeout) s of \(event)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
        guard output.waitForEnd(until: deadline), errors.waitForEnd(until: deadline) else {
            throw failure("the output pipes of sdkgen did not close after it exited")
        }
    }

    /// Kills the child if it still runs, so a failed test leaves no process behind.
    func killIfRunning() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func failure(_ message: String) -> ChildProcessFailure {
        ChildProcessFailure(message: "\(message)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)")
    }
}

struct ChildProcessFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Drains a pipe on a background thread into a locked buffer, so the child never blocks on a full pipe.
private final class PipeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let ended = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while case let chunk = handle.availableData, !chunk.isEmpty {
                lock.withLock { data.append(chunk) }
            }
            ended.signal()
        }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    func waitForEnd(until deadline: Date) -> Bool {
        ended.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success
    }
}
