import Diagnostics
import YAML

/// Reads one mapping of a configuration file: typed values, unknown keys, and the diagnostics of wrong or missing ones.
struct ConfigMapping {
    let node: YAMLNode
    /// What the mapping is called in messages, e.g. `swiftSdk` or `connector.yaml`.
    let name: String

    /// The mapping in `node`, or nil after an error when `node` is something else.
    init?(_ node: YAMLNode, name: String, diagnostics: inout DiagnosticCollector) {
        guard node.mapping != nil else {
            diagnostics.append(.error(.configNotAMapping, "\(name) must be a mapping of keys to values, found \(node.typeDescription)",
                                      in: node.file, at: node.range))
            return nil
        }
        self.node = node
        self.name = name
    }

    /// The root mapping of the configuration file `file`, or nil after reporting YAML errors, an empty file or another root.
    init?(file: SourceFile, name: String, diagnostics: inout DiagnosticCollector) {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(file)
        } catch let error as DiagnosticError {
            diagnostics.append(contentsOf: error.diagnostics)
            return nil
        } catch {
            diagnostics.append(.error(.yamlSyntax, "cannot read the file as YAML: \(error)", in: file, at: nil))
            return nil
        }
        guard let root else {
            diagnostics.append(.error(.yamlEmptyFile, "the file is empty", in: file, at: nil))
            return nil
        }
        self.init(root, name: name, diagnostics: &diagnostics)
    }

    /// The value of `key`; nil when the key is absent or its value is empty or null.
    func value(_ key: String) -> YAMLNode? {
        node[key].flatMap { $0.isNull ? nil : $0 }
    }

    /// The key node of `key`, for pointing diagnostics at it.
    func keyNode(_ key: String) -> YAMLScalarNode? {
        node.mapping?.first { $0.key.text == key }?.key
    }

    /// A warning for every key not in `known` (nor `ignored`), suggesting the closest known key; an error when that is one
    /// of `typosOf`, where a misspelt key reads as an absent one and a run would delete the package it configures.
    func reportUnknownKeys(known: [String], ignored: [String] = [], typosOf: Set<String> = [], diagnostics: inout DiagnosticCollector) {
        for entry in node.mapping ?? [] where !known.contains(entry.key.text) && !ignored.contains(entry.key.text) {
            let suggestion = Suggestion.closest(to: entry.key.text, in: known + ignored)
            let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? "; sdkgen ignores it"
            let message = "unknown key \"\(entry.key.text)\" in \(name)" + hint
            let severity: Severity = suggestion.map(typosOf.contains) == true ? .error : .warning
            diagnostics.append(Diagnostic(severity, .configUnknownKey, message, span: entry.key.span))
        }
    }

    /// The scalar text of `key`. Numbers and booleans are taken as written; collections are errors.
    func string(_ key: String, required: Bool = false, diagnostics: inout DiagnosticCollector) -> String? {
        guard let value = value(key) else {
            if required { reportMissing(key, diagnostics: &diagnostics) }
            return nil
        }
        guard let text = value.string else {
            diagnostics.append(.error(.configWrongType, "\"\(key)\" must be a string, found \(value.typeDescription)", in: value.file, at: value.range))
            return nil
        }
        if required, text.isEmpty {
            diagnostics.append(.error(.configEmptyValue, "\"\(key)\" must not be empty", in: value.file, at: value.range))
            return nil
        }
        return text
    }

    /// The scalar text of `key` when it is a resource ID (ASCII letters, digits, `-`, `_`): these go into generated code,
    /// where a line break or quote would be read as code (issue #21).
    func resourceID(_ key: String, required: Bool = false, diagnostics: inout DiagnosticCollector) -> String? {
        guard let text = string(key, required: required, diagnostics: &diagnostics), let value = value(key) else { return nil }
        if ConfigNames.isResourceID(text) { return text }
        diagnostics.append(.error(.configInvalidName, "\"\(key)\" must consist of ASCII letters, digits, - and _", in: value.file, at: value.range))
        return nil
    }

    /// The error for a required key that is absent or has no value.
    func reportMissing(_ key: String, diagnostics: inout DiagnosticCollector) {
        if let keyNode = keyNode(key) {
            diagnostics.append(.error(.configMissingValue, "\"\(key)\" needs a value", in: keyNode.file, at: keyNode.range))
        } else {
            diagnostics.append(.error(.configMissingKey, "\(name) is missing the required key \"\(key)\"", in: node.file, at: firstLine))
        }
    }

    /// The first line of the mapping, so that a missing-key error does not underline a whole block.
    private var firstLine: SourceRange {
        guard node.range.end.line != node.range.start.line, let first = node.mapping?.first else { return node.range }
        return SourceRange(start: first.key.range.start, end: first.value.range.start.line == first.key.range.start.line
            ? first.value.range.end : first.key.range.end)
    }
}
