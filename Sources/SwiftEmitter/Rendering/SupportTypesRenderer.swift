/// Internal types every generated package declares once (in `<Conn>Operations.swift`), chosen
/// for the compiler's sake; the public API does not mention them.
///
/// - `JSONField`, the one coding-key type: every struct encodes and decodes with
///   `forKey: "name"`, as property names are the JSON names. Firebase declares a `CodingKeys`
///   enum per struct; the compiler synthesizing and checking a `CodingKey` conformance for each
///   took a quarter of the semantic analysis and half of SILGen of a debug build. (Not `…Key`:
///   key structs are named `<Table>Key`, so a table could claim such a name.)
/// - `Compare.equal(a, b)`, which the hand-written comparisons use: one generic function the
///   type checker binds at once, where `==` has hundreds of overloads to weigh (about 3 ms per
///   comparison in a debug build; 14 % of the build's CPU time for a 100-operation package).
/// - `FieldwiseEquatable`, whose extension declares the package's one `==`: each struct writes
///   `isEqual(to:)` instead. Every `static func ==` a module declares is a candidate whenever the
///   compiler looks for an `Equatable` witness or checks an `==`, so one per struct made the
///   build grow with the square of the operations (200 tables: 178 s with them, 79 s without).
enum SupportTypesRenderer {
    static let codingKey = "JSONField"
    static let comparison = "Compare"
    static let equality = "FieldwiseEquatable"

    static func write(into writer: inout SwiftWriter) {
        writer.blank()
        writer.doc("The JSON name of a property, for every struct of this package.")
        writer.block("struct \(codingKey): CodingKey, ExpressibleByStringLiteral, Sendable") { writer in
            writer.line("let stringValue: String")
            writer.line("var intValue: Int? { nil }")
            writer.blank()
            writer.line("init(stringLiteral stringValue: String) { self.stringValue = stringValue }")
            writer.line("init?(stringValue: String) { self.stringValue = stringValue }")
            writer.line("init?(intValue: Int) { nil }")
        }
        writer.blank()
        writer.doc("Equality of two values, for the `==` of the structs of this package.")
        writer.block("enum \(comparison)") { writer in
            writer.line("static func equal<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }")
        }
        writer.blank()
        writer.doc("`Equatable` through `isEqual(to:)`, for the structs of this package.")
        writer.block("protocol \(equality): Equatable") { writer in
            writer.line("func isEqual(to other: Self) -> Bool")
        }
        writer.blank()
        writer.block("extension \(equality)") { writer in
            writer.line("public static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(to: rhs) }")
        }
        writer.blank()
    }

    /// `var container = …(keyedBy: JSONField.self)` and the codec helper, for an `init(from:)`
    /// (`decoding`) or an `encode(to:)`.
    static func writeContainer(decoding: Bool, into writer: inout SwiftWriter) {
        writer.line(decoding ? decodingContainer : encodingContainer)
        writer.line(codecHelper)
    }

    // Built once: these lines open every `init(from:)` and `encode(to:)`.
    private static let decodingContainer: SwiftWriter.Line = "var container = try decoder.container(keyedBy: \(codingKey).self)"
    private static let encodingContainer: SwiftWriter.Line = "var container = encoder.container(keyedBy: \(codingKey).self)"
    private static let codecHelper: SwiftWriter.Line = "let codecHelper = CodecHelper<\(codingKey)>()"

    /// `func isEqual(to other: <typeName>)` comparing `properties` (escaped names): `true` when
    /// there are none, else one `Compare.equal` per property joined by `&&`, a line each.
    static func writeEqualityMethod(typeName: String, _ properties: [String], into writer: inout SwiftWriter) {
        writer.block("func isEqual(to other: \(typeName)) -> Bool") { writer in
            guard !properties.isEmpty else {
                writer.line("true")
                return
            }
            for (index, property) in properties.enumerated() {
                writer.line("\(index == 0 ? "" : "    && ")\(comparison).equal(self.\(property), other.\(property))")
            }
        }
    }
}
