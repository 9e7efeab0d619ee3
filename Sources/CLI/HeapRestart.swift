import CAllocator
import Foundation
import Project

/// Restarts a run that is about to do all of its work with glibc's malloc set up for a large heap.
///
/// Outside of computing, a large project's run spends most of its time in page faults: a
/// 1,000-table run touches about 110 MB in 4 KiB pages, 28,000 faults and a fifth of its CPU
/// time. glibc can ask for transparent huge pages (2 MiB) for its heaps and grow them in larger
/// steps (`glibc.malloc.hugetlb=1`, `glibc.malloc.top_pad`), which leaves about a third of the
/// faults, but it reads these settings only from `GLIBC_TUNABLES` when a process starts. So a run that
/// will execute every stage executes itself once more with them set, as soon as the project is
/// loaded and found large enough to gain more than the restart costs (about 0.7 ms; from 128 KiB of
/// GraphQL, some 80 tables). A run that its run record skips never restarts.
///
/// Nothing restarts where it would not help: other allocators than glibc 2.35+, kernels whose
/// transparent huge pages are off, a `GLIBC_TUNABLES` that already sets either value (the
/// user's choice stands), and `SDKGEN_LARGE_HEAP=0`.
enum HeapRestart {
    /// Set for the restarted process: when the first process started the command.
    static let carriedVariable = "SDKGEN_HEAP_RESTART"
    /// `0` turns restarts off, e.g. to debug the first process.
    static let switchVariable = "SDKGEN_LARGE_HEAP"
    static let tunablesVariable = "GLIBC_TUNABLES"
    /// Huge pages for the heaps, grown at least 2 MiB (one huge page) at a time. Larger steps
    /// save more faults but keep more of each heap resident; at 1,000 tables (peak resident KiB,
    /// median / 90th percentile / largest of 50 runs, 2026-11-25, sixth round): 8 MiB 8,000
    /// faults, 93,500 / 95,100-96,800 / 99,900-101,500; 2 MiB 9,600-10,900 faults, 93,500 /
    /// 94,200-94,900 / 96,000-96,100. Earlier: no step 13,800 faults; 24 MiB 4,500 faults and
    /// 1.5 MB more; 64 MiB 850 faults and about 101,000 KiB. Wall times of 2, 8 and 24 MiB did not
    /// differ beyond the machine's noise, so the peak decides.
    static let tunables = "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=2097152"
    static let hugePageSetting = "/sys/kernel/mm/transparent_hugepage/enabled"
    /// Below this much GraphQL the restart costs more than the faults it saves (20 tables, 33 KB:
    /// 1 ms slower; 200 tables, 331 KB: 8 ms faster).
    static let minimumSourceBytes = 128 * 1024

    /// When this process is a restart: the `DispatchTime` uptime in nanoseconds at which the first
    /// process started the command (a run's reported time covers both processes).
    static func firstStart(in environment: [String: String]) -> UInt64? {
        environment[carriedVariable].flatMap { UInt64($0) }
    }

    /// This machine's transparent huge page setting; nil where the kernel has none.
    static var currentHugePageMode: String? { try? String(contentsOfFile: hugePageSetting, encoding: .utf8) }

    /// Whether the allocator linked into sdkgen reads `glibc.malloc.hugetlb`.
    static var allocatorReadsTunable: Bool { sdkgen_allocator_reads_huge_page_tunable() == 1 }

    /// The variables to set for the restart, or nil when it would not help.
    ///
    /// `hugePageMode` is the kernel's transparent huge page setting (the contents of
    /// `hugePageSetting`, where the mode in use is in brackets), nil when unknown.
    static func environmentForRestart(_ environment: [String: String], hugePageMode: String?,
                                      allocatorReadsTunable: Bool, start: UInt64) -> [String: String]? {
        guard allocatorReadsTunable, environment[carriedVariable] == nil, environment[switchVariable] != "0",
              let mode = hugePageMode, mode.contains("[always]") || mode.contains("[madvise]") else { return nil }
        let existing = environment[tunablesVariable] ?? ""
        guard !existing.contains("glibc.malloc.hugetlb"), !existing.contains("glibc.malloc.top_pad") else { return nil }
        return [
            tunablesVariable: existing.isEmpty ? tunables : existing + ":" + tunables,
            carriedVariable: String(start),
        ]
    }

    /// In a restarted process, puts `GLIBC_TUNABLES` back as the user had it and drops the carried
    /// variable (`environment` is the process's environment as it started), so nothing this
    /// process starts inherits either. glibc has read its settings by now.
    static func tidyProcessEnvironment(_ environment: [String: String]) {
        #if os(Linux)
        guard environment[carriedVariable] != nil else { return }
        unsetenv(carriedVariable)
        let value = environment[tunablesVariable] ?? ""
        if value == tunables {
            unsetenv(tunablesVariable)
        } else if value.hasSuffix(":" + tunables) {
            setenv(tunablesVariable, String(value.dropLast(tunables.count + 1)), 1)
        }
        #endif
    }

    /// The `Pipeline.Options.loaded` hook of a one-shot command: replaces the process with a
    /// restart when the project is large enough and `environmentForRestart` calls for one, and
    /// otherwise returns (also when the restart fails, which leaves this process to do the work as
    /// it would have). Nil in a restarted process and wherever the command may not restart.
    static func hook(start: UInt64, in context: CommandContext) -> (@Sendable (Project) -> Void)? {
        #if os(Linux)
        guard context.mayRestartProcess, firstStart(in: context.environment) == nil else { return nil }
        return { project in
            guard project.graphQLByteCount >= minimumSourceBytes,
                  let changes = environmentForRestart(context.environment, hugePageMode: currentHugePageMode,
                                                      allocatorReadsTunable: allocatorReadsTunable, start: start) else { return }
            for (name, value) in changes { setenv(name, value, 1) }
            execv("/proc/self/exe", CommandLine.unsafeArgv)
            for name in changes.keys {
                if let original = context.environment[name] { setenv(name, original, 1) } else { unsetenv(name) }
            }
        }
        #else
        return nil
        #endif
    }
}
