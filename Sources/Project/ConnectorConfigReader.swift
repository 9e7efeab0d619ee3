import Diagnostics
import YAML

/// Reads `connector.yaml` into a `ConnectorConfig`.
enum ConnectorConfigReader {
    static let knownKeys = ["connectorId", "authMode", "generate"]
    /// SDKs of other platforms: accepted and skipped without a warning.
    static let otherSDKKeys = ["javascriptSdk", "kotlinSdk", "dartSdk", "adminNodeSdk", "llmTools"]
    static let runtimeKeys = ["path", "url", "from"]
    static let swiftSDKKeys = ["outputDir", "package", "observablePublisher", "clientCache", "sdkgenRuntime"]
    static let clientCacheKeys = ["maxAge", "storage", "maxSize"]
    /// `NAME_MAX` on Linux and macOS: `package` is the package folder's name.
    static let maxPackageNameBytes = 255

    /// The configuration, or nil when the file is unusable (no mapping, no connectorId); invalid `swiftSdk` entries are left out.
    static func read(_ file: SourceFile, diagnostics: inout DiagnosticCollector) -> ConnectorConfig? {
        var found = DiagnosticCollector()
        var config = readConfig(file, diagnostics: &found)
        config?.retiresPackages = found.warningCount == 0
        diagnostics.append(contentsOf: found.diagnostics)
        return config
    }

    private static func readConfig(_ file: SourceFile, diagnostics: inout DiagnosticCollector) -> ConnectorConfig? {
        guard let mapping = ConfigMapping(file: file, name: "connector.yaml", diagnostics: &diagnostics) else { return nil }
        mapping.reportUnknownKeys(known: knownKeys, diagnostics: &diagnostics)
        let connectorId = mapping.resourceID("connectorId", required: true, diagnostics: &diagnostics)
        _ = mapping.string("authMode", diagnostics: &diagnostics)  // Unused, but a collection there is an error.
        var swiftSDKs: [SwiftSDKConfig] = []
        var otherSDKCaches = false
        if let generateNode = mapping.value("generate"),
           let generate = ConfigMapping(generateNode, name: "generate", diagnostics: &diagnostics) {
            // Other SDKs' keys are Firebase's to check: a typo there only warns (and keeps the packages).
            generate.reportUnknownKeys(known: ["swiftSdk"], ignored: otherSDKKeys, typosOf: ["swiftSdk"], diagnostics: &diagnostics)
            if let swift = generate.value("swiftSdk") {
                swiftSDKs = readSwiftSDKs(swift, diagnostics: &diagnostics)
            }
            otherSDKCaches = cachingSDKKeys.contains { key in
                guard let node = generate.value(key) else { return false }
                return (node.sequence ?? [node]).contains { $0["clientCache"] != nil }
            }
        }
        guard let connectorId, let idNode = mapping.value("connectorId") else { return nil }
        var config = ConnectorConfig(connectorId: connectorId, connectorIdSpan: idNode.span, swiftSDKs: swiftSDKs)
        config.otherSDKSetsClientCache = otherSDKCaches
        return config
    }

    /// Other SDKs whose `clientCache` deploys the connector with the caching realtime needs (firebase-tools `inferClientCache`).
    static let cachingSDKKeys = ["javascriptSdk", "kotlinSdk", "dartSdk"]

    /// `swiftSdk` is one mapping or a list of them.
    private static func readSwiftSDKs(_ node: YAMLNode, diagnostics: inout DiagnosticCollector) -> [SwiftSDKConfig] {
        if node.mapping != nil { return readSwiftSDK(node, diagnostics: &diagnostics).map { [$0] } ?? [] }
        guard let items = node.sequence else {
            diagnostics.append(.error(.configWrongType, "\"swiftSdk\" must be a mapping or a list of mappings, found \(node.typeDescription)",
                                      in: node.file, at: node.range))
            return []
        }
        return items.compactMap { readSwiftSDK($0, diagnostics: &diagnostics) }
    }

    private static func readSwiftSDK(_ node: YAMLNode, diagnostics: inout DiagnosticCollector) -> SwiftSDKConfig? {
        guard let mapping = ConfigMapping(node, name: "swiftSdk", diagnostics: &diagnostics) else { return nil }
        mapping.reportUnknownKeys(known: swiftSDKKeys, typosOf: Set(swiftSDKKeys), diagnostics: &diagnostics)
        var outputDir = mapping.string("outputDir", required: true, diagnostics: &diagnostics)
        if let text = outputDir, !ConfigNames.isOutputDir(text), let value = mapping.value("outputDir") {
            diagnostics.append(.error(.configControlCharacters, "\"outputDir\" must not contain control characters (such as a line break or NUL)", in: value.file, at: value.range))
            outputDir = nil
        }
        var package = mapping.string("package", required: true, diagnostics: &diagnostics)
        if let name = package, !ConfigNames.isPackageName(name), let value = mapping.value("package") {
            diagnostics.append(.error(.configInvalidPackage, "\"package\" must be a Swift module name (letters, digits and _, not starting with a digit), found \"\(name)\"",
                                      in: value.file, at: value.range))
            package = nil
        } else if let name = package, name.utf8.count > maxPackageNameBytes, let value = mapping.value("package") {
            diagnostics.append(.error(.configInvalidPackage, "\"package\" is \(name.utf8.count) bytes long; it names the package folder, whose name may have at most \(maxPackageNameBytes)",
                                      in: value.file, at: value.range))
            package = nil
        }
        var publisher: ObservablePublisher? = .observableMacro
        if let text = mapping.string("observablePublisher", diagnostics: &diagnostics) {
            publisher = ObservablePublisher(rawValue: text)
            if publisher == nil, let value = mapping.value("observablePublisher") {
                diagnostics.append(.error(.configInvalidValue, "\"observablePublisher\" must be observableMacro or observableObject, found \"\(text)\"",
                                          in: value.file, at: value.range))
            }
        }
        let cacheNode = mapping.value("clientCache")
        let cache = cacheNode.flatMap { readClientCache($0, diagnostics: &diagnostics) }
        let runtime = mapping.value("sdkgenRuntime").map { readRuntime($0, diagnostics: &diagnostics) } ?? .firebase
        guard let outputDir, let package, let publisher, cacheNode == nil || cache != nil, let runtime else { return nil }
        return SwiftSDKConfig(outputDir: outputDir, package: package, observablePublisher: publisher, clientCache: cache,
                              runtime: runtime, span: node.span, packageSpan: mapping.value("package")?.span)
    }

    /// `firebase`, `{path: DIR}` or `{url: URL, from: VERSION}`.
    private static func readRuntime(_ node: YAMLNode, diagnostics: inout DiagnosticCollector) -> RuntimeChoice? {
        if node.mapping == nil {
            if node.string == "firebase" { return .firebase }
            let shown = node.string.map { "\"\($0)\"" } ?? node.typeDescription
            diagnostics.append(.error(.configInvalidValue, "\"sdkgenRuntime\" must be firebase, {path: DIR} or {url: URL, from: VERSION}, found \(shown)",
                                      in: node.file, at: node.range))
            return nil
        }
        guard let mapping = ConfigMapping(node, name: "sdkgenRuntime", diagnostics: &diagnostics) else { return nil }
        mapping.reportUnknownKeys(known: runtimeKeys, typosOf: Set(runtimeKeys), diagnostics: &diagnostics)
        if mapping.value("path") != nil {
            if mapping.value("url") != nil, let url = mapping.keyNode("url") {
                diagnostics.append(.error(.configInvalidValue, "\"sdkgenRuntime\" takes either \"path\" or \"url\", not both", in: url.file, at: url.range))
                return nil
            }
            return mapping.string("path", required: true, diagnostics: &diagnostics).map(RuntimeChoice.portablePath)
        }
        guard let url = mapping.string("url", required: true, diagnostics: &diagnostics),
              let version = mapping.string("from", required: true, diagnostics: &diagnostics) else { return nil }
        return .portableURL(url, from: version)
    }

    private static func readClientCache(_ node: YAMLNode, diagnostics: inout DiagnosticCollector) -> ClientCacheConfig? {
        guard let mapping = ConfigMapping(node, name: "clientCache", diagnostics: &diagnostics) else { return nil }
        mapping.reportUnknownKeys(known: clientCacheKeys, typosOf: Set(clientCacheKeys), diagnostics: &diagnostics)
        var isValid = true
        var cache = ClientCacheConfig()
        if let value = mapping.value("maxAge") {
            if let seconds = value.int.map(Double.init) ?? value.string.flatMap(DurationParser.seconds), seconds >= 0 {
                cache.maxAge = seconds
            } else {
                let shown = value.string.map { "\"\($0)\"" } ?? value.typeDescription
                diagnostics.append(.error(.configInvalidValue, "\"maxAge\" must be a duration such as 30s, 5m or 1h, found \(shown)", in: value.file, at: value.range))
                isValid = false
            }
        }
        if let text = mapping.string("storage", diagnostics: &diagnostics) {
            cache.storage = CacheStorage(rawValue: text)
            if cache.storage == nil, let value = mapping.value("storage") {
                diagnostics.append(.error(.configInvalidValue, "\"storage\" must be memory or persistent, found \"\(text)\"", in: value.file, at: value.range))
                isValid = false
            }
        } else if mapping.value("storage") != nil {
            isValid = false
        }
        // `maxSize` is accepted for compatibility, without effect on the Swift SDK.
        if mapping.string("maxSize", diagnostics: &diagnostics) == nil, mapping.value("maxSize") != nil { isValid = false }
        return isValid ? cache : nil
    }
}

/// Durations of `clientCache.maxAge`: `30s`, `5m`, `1h`, `250ms`, combinations such as `1h30m`, and bare seconds.
enum DurationParser {
    private static let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]

    static func seconds(_ text: String) -> Double? {
        if let plain = number(text[...]), plain.rest.isEmpty { return plain.value }
        var rest = text[...]
        var total = 0.0
        repeat {
            guard let (value, after) = number(rest), let unit = units.first(where: { after.hasPrefix($0.suffix) }) else { return nil }
            total += value * unit.seconds
            rest = after.dropFirst(unit.suffix.count)
        } while !rest.isEmpty
        return total
    }

    /// Leading ASCII digits with an optional fraction.
    private static func number(_ text: Substring) -> (value: Double, rest: Substring)? {
        let isDigit = { (character: Character) in character.isASCII && character.isNumber }
        var end = text.prefix(while: isDigit).endIndex
        let fraction = text[end...].dropFirst().prefix(while: isDigit)
        if text[end...].hasPrefix("."), !fraction.isEmpty { end = fraction.endIndex }
        guard end > text.startIndex, let value = Double(text[..<end]) else { return nil }
        return (value, text[end...])
    }
}
