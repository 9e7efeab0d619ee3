import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which REST method an operation calls.
enum OperationKind: Sendable {
    case query
    case mutation

    var methodSuffix: String {
        switch self {
        case .query: return ":executeQuery"
        case .mutation: return ":executeMutation"
        }
    }
}

/// Builds the REST request of an operation (docs/runtime.md, "Transport").
struct RequestBuilder: Sendable {
    let connector: ConnectorConfig
    let settings: DataConnectSettings
    let projectID: String
    let apiKey: String?
    let googleAppID: String?
    let callerSDKType: CallerSDKType
    let timeout: TimeInterval

    /// `projects/{p}/locations/{l}/services/{s}/connectors/{c}`.
    var resourceName: String {
        "projects/\(projectID)/locations/\(connector.location)/services/\(connector.serviceId)/connectors/\(connector.connector)"
    }

    func url(for kind: OperationKind) throws -> URL {
        let scheme = settings.sslEnabled ? "https" : "http"
        let defaultPort = settings.sslEnabled ? 443 : 80
        let host = settings.host.contains(":") && !settings.host.hasPrefix("[") ? "[\(settings.host)]" : settings.host
        let port = settings.port == defaultPort ? "" : ":\(settings.port)"
        let path = resourceName.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: RequestBuilder.pathSegmentAllowed) ?? String($0) }
            .joined(separator: "/")
        var text = "\(scheme)://\(host)\(port)/v1/\(path)\(kind.methodSuffix)"
        if let apiKey, !apiKey.isEmpty {
            text += "?key=" + (apiKey.addingPercentEncoding(withAllowedCharacters: RequestBuilder.queryValueAllowed) ?? apiKey)
        }
        guard let url = URL(string: text) else {
            throw DataConnectInitError(code: .invalidConfiguration, message: "\"\(text)\" is not a valid URL; check the host and IDs")
        }
        return url
    }

    /// `{"name":...,"operationName":...,"variables":...}` with the variables bytes as given.
    func body(operationName: String, variables: Data) throws -> Data {
        var body = Data("{\"name\":".utf8)
        body.append(try RequestBuilder.jsonString(resourceName))
        body.append(Data(",\"operationName\":".utf8))
        body.append(try RequestBuilder.jsonString(operationName))
        body.append(Data(",\"variables\":".utf8))
        body.append(variables)
        body.append(Data("}".utf8))
        return body
    }

    func urlRequest(
        kind: OperationKind, operationName: String, variables: Data, authToken: String?, appCheckToken: String?
    ) throws -> URLRequest {
        var request = URLRequest(url: try url(for: kind), timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = try body(operationName: operationName, variables: variables)
        for (name, value) in headers(authToken: authToken, appCheckToken: appCheckToken) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    /// The headers, in a stable order.
    func headers(authToken: String?, appCheckToken: String?) -> [(String, String)] {
        var apiClient = "gl-swift/\(RuntimeInfo.swiftVersion) fire/\(RuntimeInfo.version)"
        if callerSDKType == .generated { apiClient += " swift/gen" }
        var headers: [(String, String)] = [
            ("Content-Type", "application/json"),
            ("X-Goog-Api-Client", apiClient),
            ("X-Client-Version", "swift/\(RuntimeInfo.version)"),
        ]
        if let googleAppID, !googleAppID.isEmpty { headers.append(("x-firebase-gmpid", googleAppID)) }
        if let authToken { headers.append(("X-Firebase-Auth-Token", authToken)) }
        if let appCheckToken { headers.append(("X-Firebase-AppCheck", appCheckToken)) }
        return headers
    }

    private static func jsonString(_ text: String) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(text)
    }

    private static let pathSegmentAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return allowed
    }()

    private static let queryValueAllowed: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#")
        return allowed
    }()
}

/// Versions reported in headers.
enum RuntimeInfo {
    /// The version of this runtime.
    static let version = "0.1.0"

    static var swiftVersion: String {
        #if swift(>=6.3)
        return "6.3"
        #elseif swift(>=6.2)
        return "6.2"
        #elseif swift(>=6.1)
        return "6.1"
        #elseif swift(>=6.0)
        return "6.0"
        #else
        return "5.10"
        #endif
    }
}
