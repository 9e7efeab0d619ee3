import Foundation

/// Reads the emulator address that the Firebase CLI exports for SDKs.
enum EmulatorEnvironment {
    static let variableName = "FIREBASE_DATA_CONNECT_EMULATOR_HOST"

    /// Parses `host:port`, `http(s)://host:port`, `[::1]:9399` or a bare host (port 9399); `nil` when unset, empty or malformed.
    static func endpoint(from value: String?) -> (host: String, port: Int, sslEnabled: Bool)? {
        guard var text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let sslEnabled = text.hasPrefix("https://")
        if let scheme = ["https://", "http://"].first(where: { text.hasPrefix($0) }) { text.removeFirst(scheme.count) }
        if text.hasSuffix("/") { text.removeLast() }

        var host = Substring(text)
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            portText = rest.isEmpty ? nil : rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains("/") else { return nil }
        guard let portText else { return (String(host), DataConnect.EmulatorDefaults.port, sslEnabled) }
        guard let port = Int(portText), (1...65535).contains(port) else { return nil }
        return (String(host), port, sslEnabled)
    }
}
