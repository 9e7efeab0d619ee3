#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program as a new process and reports its wall time, exit status and peak memory, or
/// starts one in the background.
///
/// posix_spawn and wait4 rather than Foundation.Process: no run-loop thread between the timer and
/// the child, and wait4 returns the child's own `ru_maxrss`.
enum ChildProcess {
    struct Result {
        var seconds: Double
        var status: Int32
        /// Peak resident set size of the child in KiB (Linux) or bytes (macOS).
        var peakMemory: Int
    }

    /// Runs `path` with `arguments`, its standard output sent to `output` and its errors to /dev/null.
    static func run(_ path: String, _ arguments: [String], output: String = "/dev/null") throws -> Result {
        let start = Stopwatch.now()
        let pid = try self.start(path, arguments, output: output)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw UsageError(description: "waiting for \(path) failed: error \(errno)") }
        }
        let seconds = Stopwatch.now() - start
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(seconds: seconds, status: exitStatus, peakMemory: Int(usage.ru_maxrss))
    }

    /// Starts `path` with `arguments` in the background, its standard output sent to `output` and its
    /// errors to /dev/null; returns its pid.
    static func start(_ path: String, _ arguments: [String], output: String = "/dev/null") throws -> pid_t {
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw UsageError(description: "cannot start \(path): error \(spawned)") }
        return pid
    }

    /// Interrupts a process started by `start` (as Ctrl-C would) and waits for it; returns its status.
    static func stop(_ pid: pid_t) -> Int32 {
        kill(pid, SIGINT)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }
}
