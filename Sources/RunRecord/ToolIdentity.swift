import Foundation
import Output

/// Which `sdkgen` is running: its version and the identity of its executable file, so that a
/// rebuilt binary (which may generate other code under the same version) never trusts the records
/// of the old one.
public enum ToolIdentity {
    /// `version` followed by the executable's identity; nil when the executable cannot be found.
    public static func current(version: String) -> String? {
        #if os(Linux)
        let executable: String? = "/proc/self/exe"
        #else
        let executable = Bundle.main.executablePath
        #endif
        guard let executable, let identity = FileIdentity(path: executable) else { return nil }
        return version + " " + identity.text
    }
}
