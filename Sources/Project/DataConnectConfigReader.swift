import Diagnostics
import YAML

/// Reads `dataconnect.yaml` into a `DataConnectConfig`.
enum DataConnectConfigReader {
    static let knownKeys = ["specVersion", "serviceId", "location", "schema", "schemas", "connectorDirs"]
    static let schemaKeys = ["source", "datasource", "id"]
    /// Used when a schema entry has no `source`, as the Firebase CLI does.
    static let defaultSchemaSource = "./schema"

    /// The configuration, or nil when the file is unusable (invalid YAML, not a mapping, no serviceId).
    static func read(_ file: SourceFile, diagnostics: inout DiagnosticCollector) -> DataConnectConfig? {
        guard let mapping = ConfigMapping(file: file, name: "dataconnect.yaml", diagnostics: &diagnostics) else { return nil }
        // A misspelt `connectorDirs` would delete every package; real projects carry keys of their own beside a correct one.
        mapping.reportUnknownKeys(known: knownKeys, typosOf: mapping.keyNode("connectorDirs") == nil ? ["connectorDirs"] : [],
                                  diagnostics: &diagnostics)
        _ = mapping.string("specVersion", diagnostics: &diagnostics)  // Unused, but a collection there is an error.
        let serviceId = mapping.resourceID("serviceId", required: true, diagnostics: &diagnostics)
        let location = mapping.resourceID("location", diagnostics: &diagnostics)
        let schemas = readSchemas(mapping, diagnostics: &diagnostics)
        let connectorDirs = readConnectorDirs(mapping, diagnostics: &diagnostics)
        guard let serviceId else { return nil }
        return DataConnectConfig(serviceId: serviceId, location: location, schemas: schemas, connectorDirs: connectorDirs)
    }

    /// `schema: {...}` or the newer `schemas: [{...}, ...]`.
    private static func readSchemas(_ mapping: ConfigMapping, diagnostics: inout DiagnosticCollector) -> [ConfigPath] {
        let single = mapping.value("schema")
        let list = mapping.value("schemas")
        if single != nil, list != nil, let key = mapping.keyNode("schemas") {
            diagnostics.append(.error(.configSchemaAndSchemas, "use either \"schema\" or \"schemas\", not both", in: key.file, at: key.range))
            return []
        }
        if let single {
            return readSchema(single, name: "schema", diagnostics: &diagnostics).map { [$0] } ?? []
        }
        guard let list else {
            mapping.reportMissing("schema", diagnostics: &diagnostics)
            return []
        }
        guard let items = list.sequence else {
            diagnostics.append(.error(.configWrongType, "\"schemas\" must be a list of schemas, found \(list.typeDescription)", in: list.file, at: list.range))
            return []
        }
        if items.isEmpty {
            diagnostics.append(.error(.configEmptyValue, "\"schemas\" must list at least one schema", in: list.file, at: list.range))
        }
        return items.compactMap { readSchema($0, name: "schemas entry", diagnostics: &diagnostics) }
    }

    private static func readSchema(_ node: YAMLNode, name: String, diagnostics: inout DiagnosticCollector) -> ConfigPath? {
        guard let mapping = ConfigMapping(node, name: name, diagnostics: &diagnostics) else { return nil }
        mapping.reportUnknownKeys(known: schemaKeys, diagnostics: &diagnostics)
        _ = mapping.string("id", diagnostics: &diagnostics)  // Unused, but a collection there is an error.
        if let value = mapping.value("source") {
            return mapping.string("source", required: true, diagnostics: &diagnostics).map { ConfigPath(path: $0, span: value.span) }
        } else if mapping.keyNode("source") != nil {
            mapping.reportMissing("source", diagnostics: &diagnostics)
            return nil
        }
        return ConfigPath(path: defaultSchemaSource, span: node.span)
    }

    private static func readConnectorDirs(_ mapping: ConfigMapping, diagnostics: inout DiagnosticCollector) -> [ConfigPath] {
        guard let node = mapping.value("connectorDirs") else { return [] }
        guard let items = node.sequence else {
            diagnostics.append(.error(.configWrongType, "\"connectorDirs\" must be a list of folders, found \(node.typeDescription)", in: node.file, at: node.range))
            return []
        }
        return items.compactMap { item in
            guard let path = item.string, item.sequence == nil, item.mapping == nil else {
                diagnostics.append(.error(.configWrongType, "a connectorDirs entry must be a folder path, found \(item.typeDescription)", in: item.file, at: item.range))
                return nil
            }
            guard !path.isEmpty else {
                diagnostics.append(.error(.configEmptyValue, "a connectorDirs entry must not be empty", in: item.file, at: item.range))
                return nil
            }
            return ConfigPath(path: path, span: item.span)
        }
    }
}
