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
        /// Peak resident set size of the child in KiB (Linux) or bytes (macOS); with children of
        /// its own, that of the largest process it waited for.
        var peakMemory: Int
        /// User plus system CPU time of the child and of the processes it waited for.
        var cpuSeconds: Double
    }

    /// Runs `path` with `arguments`, its standard output sent to `output` and its errors to
    /// `errors`.
    static func run(_ path: String, _ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null") throws -> Result {
        let start = Stopwatch.now()
        let pid = try self.start(path, arguments, output: output, errors: errors)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw UsageError(description: "waiting for \(path) failed: error \(errno)") }
        }
        let seconds = Stopwatch.now() - start
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let cpu = [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
        return Result(seconds: seconds, status: exitStatus, peakMemory: Int(usage.ru_maxrss), cpuSeconds: cpu)
    }

    /// Starts `path` with `arguments` in the background, its standard output sent to `output` and its
    /// errors to `errors` (one file for both when the paths are equal); returns its pid.
    static func start(_ path: String, _ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null") throws -> pid_t {
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
        if errors == output {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
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
