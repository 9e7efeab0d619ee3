import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What Firebase's runtime takes from `FirebaseApp`: project, API key, app ID and token sources, plus transport knobs.
///
/// Build it in code or from a `GoogleService-Info.plist`; install it with `DataConnectApp.configure(options:)` before using `DataConnect`.
public struct DataConnectAppOptions: Sendable {
    /// The current Firebase Auth ID token, `nil` when signed out; `forceRefresh` after the service rejected the last one (HTTP 401).
    public typealias AuthTokenProvider = @Sendable (_ forceRefresh: Bool) async throws -> String?
    /// Returns the current App Check token, or `nil` when App Check is not used.
    public typealias AppCheckTokenProvider = @Sendable () async throws -> String?

    /// The Google Cloud project ID (required).
    public var projectID: String
    /// The API key, sent as `?key=`; optional.
    public var apiKey: String?
    /// The Firebase app ID (`GOOGLE_APP_ID`), sent as `x-firebase-gmpid`; optional.
    public var googleAppID: String?
    /// Source of `X-Firebase-Auth-Token`; `nil` sends no token.
    public var authTokenProvider: AuthTokenProvider?
    /// Source of `X-Firebase-AppCheck`; `nil` sends no token.
    public var appCheckTokenProvider: AppCheckTokenProvider?
    /// Seconds a whole request (connect, send, wait, read) may take before it fails with `DataConnectTransportError.timedOut`
    /// (the runtime enforces it on every platform).
    public var requestTimeout: TimeInterval
    /// The session requests go through; `nil` uses a shared default. Inject one for proxies, custom TLS or tests.
    public var urlSession: URLSession?

    /// Creates options in code.
    public init(
        projectID: String,
        apiKey: String? = nil,
        googleAppID: String? = nil,
        authTokenProvider: AuthTokenProvider? = nil,
        appCheckTokenProvider: AppCheckTokenProvider? = nil,
        requestTimeout: TimeInterval = 30,
        urlSession: URLSession? = nil
    ) {
        self.projectID = projectID
        self.apiKey = apiKey
        self.googleAppID = googleAppID
        self.authTokenProvider = authTokenProvider
        self.appCheckTokenProvider = appCheckTokenProvider
        self.requestTimeout = requestTimeout
        self.urlSession = urlSession
    }

    /// Reads `PROJECT_ID`, `API_KEY` and `GOOGLE_APP_ID` from the `GoogleService-Info.plist` at `path`. Throws
    /// `DataConnectInitError.invalidConfiguration` when the file cannot be read or has no `PROJECT_ID`.
    public init(contentsOfFile path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DataConnectInitError(
                code: .invalidConfiguration, message: "cannot read \(path): \(error.localizedDescription)", underlyingError: error)
        }
        try self.init(plistData: data, origin: path)
    }

    /// Reads the options from the bytes of a `GoogleService-Info.plist` (XML or binary).
    public init(googleServiceInfoPlist data: Data) throws {
        try self.init(plistData: data, origin: "GoogleService-Info.plist data")
    }

    /// Reads `GoogleService-Info.plist` from the main bundle, as `FirebaseApp.configure()` does.
    public static func fromMainBundle() throws -> DataConnectAppOptions {
        guard let path = Bundle.main.path(forResource: "GoogleService-Info", ofType: "plist") else {
            throw DataConnectInitError(
                code: .invalidConfiguration,
                message: "GoogleService-Info.plist is not in the main bundle; pass DataConnectAppOptions in code instead")
        }
        return try DataConnectAppOptions(contentsOfFile: path)
    }

    private init(plistData data: Data, origin: String) throws {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw DataConnectInitError(
                code: .invalidConfiguration, message: "\(origin) is not a property list", underlyingError: error)
        }
        guard let dictionary = plist as? [String: Any] else {
            throw DataConnectInitError(code: .invalidConfiguration, message: "\(origin) is not a dictionary property list")
        }
        guard let projectID = dictionary["PROJECT_ID"] as? String, !projectID.isEmpty else {
            throw DataConnectInitError(code: .invalidConfiguration, message: "\(origin) has no PROJECT_ID string")
        }
        self.init(
            projectID: projectID,
            apiKey: dictionary["API_KEY"] as? String,
            googleAppID: dictionary["GOOGLE_APP_ID"] as? String)
    }
}
