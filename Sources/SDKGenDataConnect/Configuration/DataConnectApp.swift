/// A named set of `DataConnectAppOptions`: this runtime's stand-in for `FirebaseApp`.
///
/// Configure the default app once at startup; `DataConnect.dataConnect(connectorConfig:...)` (which generated code calls) uses it:
/// ```swift
/// try DataConnectApp.configure(options: DataConnectAppOptions(projectID: "my-project"))
/// ```
public final class DataConnectApp: Sendable {
    /// The name of the default app.
    public static let defaultName = "__FIRAPP_DEFAULT"

    private static let registry = Locked<[String: DataConnectApp]>([:])

    /// The app's name.
    public let name: String
    /// The app's options.
    public let options: DataConnectAppOptions

    private init(name: String, options: DataConnectAppOptions) {
        self.name = name
        self.options = options
    }

    /// Configures the default app from `GoogleService-Info.plist` in the main bundle.
    @discardableResult
    public static func configure() throws -> DataConnectApp {
        try configure(name: defaultName, options: DataConnectAppOptions.fromMainBundle())
    }

    /// Configures the default app.
    @discardableResult
    public static func configure(options: DataConnectAppOptions) throws -> DataConnectApp {
        try configure(name: defaultName, options: options)
    }

    /// Configures a named app. Throws `DataConnectInitError.appAlreadyConfigured` when the name is taken and
    /// `.invalidConfiguration` for an empty project ID or a timeout that is not a positive number of seconds.
    @discardableResult
    public static func configure(name: String, options: DataConnectAppOptions) throws -> DataConnectApp {
        guard !options.projectID.isEmpty else {
            throw DataConnectInitError(code: .invalidConfiguration, message: "app \"\(name)\" has an empty project ID")
        }
        guard options.requestTimeout > 0, options.requestTimeout.isFinite else {
            throw DataConnectInitError(
                code: .invalidConfiguration,
                message: "app \"\(name)\" has request timeout \(options.requestTimeout); it must be a positive number of seconds")
        }
        let app = DataConnectApp(name: name, options: options)
        try registry.withLock { apps in
            guard apps[name] == nil else {
                throw DataConnectInitError(code: .appAlreadyConfigured, message: "an app named \"\(name)\" is already configured")
            }
            apps[name] = app
        }
        return app
    }

    /// The default app, if configured.
    public static func app() -> DataConnectApp? {
        app(name: defaultName)
    }

    /// The app with `name`, if configured.
    public static func app(name: String) -> DataConnectApp? {
        registry.withLock { $0[name] }
    }

    /// Removes this app and the `DataConnect` instances made for it. Refs already handed out fail with
    /// `DataConnectInitError.appNotConfigured` until an app of the same name is configured again.
    public func delete() {
        DataConnectApp.registry.withLock { apps in
            if apps[name] === self { apps[name] = nil }
        }
        DataConnect.removeInstances(appName: name)
    }
}
