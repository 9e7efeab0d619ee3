import Foundation

/// Turns Swift decoding errors into messages that name the JSON path of the bad value,
/// e.g. `movies[3].releaseYear: expected Int, found String`.
enum DecodingFailure {
    static func codecError(_ error: Error, root: JSONValue?) -> DataConnectCodecError {
        DataConnectCodecError(code: .decodingFailed, message: describe(error, root: root), underlyingError: error)
    }

    static func describe(_ error: Error, root: JSONValue?) -> String {
        guard let decodingError = error as? DecodingError else {
            return String(describing: error)
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            let found = root?.value(at: context.codingPath)?.kindName ?? "nothing"
            return "\(pathString(context.codingPath)): expected \(typeName(type)), found \(found)"
        case .valueNotFound(let type, let context):
            return "\(pathString(context.codingPath)): expected \(typeName(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(pathString(context.codingPath)): missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return "\(pathString(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: decodingError)
        }
    }

    /// `movies[3].releaseYear`; `(root)` for the top level.
    static func pathString(_ codingPath: [CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            // Foundation names array positions "Index N".
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "(root)" : text
    }

    private static func typeName(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary<") { return "Object" }
        if name.hasPrefix("Array<") { return "Array" }
        return name
    }
}
