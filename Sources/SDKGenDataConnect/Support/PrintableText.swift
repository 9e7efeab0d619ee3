import Foundation

extension String {
    /// This text with its control characters written as escapes (`\n`, `\u{1B}`). Text from a
    /// server reaches error messages and log lines only this way, so it cannot end a line, hide
    /// the rest of one (`\u{0}`) or drive a terminal (`\u{1B}[`).
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The start of a server's body for a message: its first 200 bytes as UTF-8, escaped, and
    /// `...` when there is more.
    init(excerptOf body: Data) {
        let text = String(decoding: body.prefix(200), as: UTF8.self).escapingControlCharacters
        self = body.count > 200 ? text + "..." : text
    }
}
