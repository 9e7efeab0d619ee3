/// sdkgen's exit statuses; scripts and CI depend on them, so they never change meaning.
public enum ExitStatus: Int32, Sendable {
    /// The command did what was asked.
    case success = 0
    /// The user's project has errors (or, for checks, is out of date).
    case failure = 1
    /// sdkgen was invoked wrongly: unknown command or option, missing value.
    case usage = 2
}
