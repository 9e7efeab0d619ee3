/// `JSONField`, the one coding-key type of a generated package: every struct encodes and decodes
/// with `forKey: "name"`, as property names are the JSON names. (Not `…Key`: that is how key
/// structs are named, `<Table>Key`, so a table could claim it.)
///
/// A `CodingKeys` enum per struct (Firebase's form; it is internal, so no app sees the change)
/// made the compiler synthesize and check a `CodingKey` conformance for each of them: for a
/// 100-operation package about a quarter of the semantic analysis and half of SILGen.
enum JSONFieldRenderer {
    static let name = "JSONField"

    static func write(into writer: inout SwiftWriter) {
        writer.blank()
        writer.doc("The JSON name of a property, for every struct of this package.")
        writer.block("struct \(name): CodingKey, ExpressibleByStringLiteral, Sendable") { writer in
            writer.line("let stringValue: String")
            writer.line("var intValue: Int? { nil }")
            writer.blank()
            writer.line("init(stringLiteral stringValue: String) { self.stringValue = stringValue }")
            writer.line("init?(stringValue: String) { self.stringValue = stringValue }")
            writer.line("init?(intValue: Int) { nil }")
        }
        writer.blank()
    }

    /// `var container = …(keyedBy: JSONField.self)` and the codec helper, for an `init(from:)`
    /// (`decoding`) or an `encode(to:)`.
    static func writeContainer(decoding: Bool, into writer: inout SwiftWriter) {
        writer.line(decoding ? "var container = try decoder.container(keyedBy: \(name).self)"
                             : "var container = encoder.container(keyedBy: \(name).self)")
        writer.line("let codecHelper = CodecHelper<\(name)>()")
    }
}
