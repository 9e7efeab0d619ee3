/// A mistake in how sdkgen was invoked; reported with the command's usage and exit status 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, and where possible how to fix it.
    public var message: String
    /// The command whose usage line should be shown, or nil for the top level.
    public var command: String?

    public init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
