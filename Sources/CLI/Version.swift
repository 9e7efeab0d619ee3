import BuildInfo

/// What `sdkgen --version` prints: the semantic version and the commit the binary was built from.
public enum SDKGenVersion {
    public static let current = "0.1.0"

    /// The commit hash given at build time (`scripts/install.sh`); nil for a development build.
    public static var commit: String? {
        let commit = String(cString: sdkgen_build_commit())
        return commit.isEmpty ? nil : commit
    }

    /// `0.1.0 (commit 1a2b3c4d5e6f)`, `0.1.0 (commit 1a2b3c4d5e6f with uncommitted changes)`, or
    /// `0.1.0 (development build)` when no commit was given.
    public static var description: String {
        guard let commit else { return "\(current) (development build)" }
        return "\(current) (commit \(commit.prefix(12))\(sdkgen_build_dirty() != 0 ? " with uncommitted changes" : ""))"
    }
}
