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
enum SupportDeclarations {
    static let codingKey = "JSONField"
    static let comparison = "Compare"
    static let equality = "FieldwiseEquatable"

    static let all: [Declaration] = [
        .type("struct", codingKey, ["CodingKey", "ExpressibleByStringLiteral", "Sendable"], [
            .init(.group([
                .init(.property(Property(modifiers: .init(), keyword: "let", name: "stringValue", type: "String"))),
                .init(.property(Property(modifiers: .init(), name: "intValue", type: "Int?", value: .getter(.inline("nil"))))),
            ])),
            .init(.group([
                .init(.function(Function(modifiers: .init(), head: "init", parameters: ["stringLiteral stringValue: String"],
                                         body: .inline("self.stringValue = stringValue")))),
                .init(.function(Function(modifiers: .init(), head: "init?", parameters: ["stringValue: String"],
                                         body: .inline("self.stringValue = stringValue")))),
                .init(.function(Function(modifiers: .init(), head: "init?", parameters: ["intValue: Int"], body: .inline("nil")))),
            ])),
        ], doc: "The JSON name of a property, for every struct of this package.", modifiers: .init()),
        .type("enum", comparison, [], [
            .init(.function(Function(modifiers: .static, head: "func equal<Value: Equatable>", parameters: ["_ lhs: Value", "_ rhs: Value"],
                                     tail: " -> Bool", body: .inline("lhs == rhs")))),
        ], doc: "Equality of two values, for the `==` of the structs of this package.", modifiers: .init()),
        .type("protocol", equality, ["Equatable"], [
            .init(.function(Function(modifiers: .init(), head: "func isEqual", parameters: ["to other: Self"], tail: " -> Bool", body: .none))),
        ], doc: "`Equatable` through `isEqual(to:)`, for the structs of this package.", modifiers: .init()),
        .type("extension", equality, [], [
            .init(.function(Function(modifiers: .publicStatic, head: "func == ", parameters: ["lhs: Self", "rhs: Self"], tail: " -> Bool",
                                     body: .inline("lhs.isEqual(to: rhs)")))),
        ], modifiers: .init()),
    ]

    /// `var container = …(keyedBy: JSONField.self)` and the codec helper, which open every
    /// `init(from:)` and `encode(to:)`: built once.
    private static let decodingContainer: [Code] = [
        .line("var container = try decoder.container(keyedBy: \(codingKey).self)"), .line("let codecHelper = CodecHelper<\(codingKey)>()"),
    ]
    private static let encodingContainer: [Code] = [
        .line("var container = encoder.container(keyedBy: \(codingKey).self)"), .line("let codecHelper = CodecHelper<\(codingKey)>()"),
    ]

    /// `public init(from:)` decoding each `(name, escaped, swiftType)` through the codec helper.
    static func decodingInit(_ fields: [(name: String, escaped: String, swiftType: String)]) -> Function {
        let body = lines(decodingContainer, fields) {
            "self.\($0.escaped) = try codecHelper.decode(\($0.swiftType).self, forKey: \"\(SwiftLiteral.content($0.name))\", container: &container)"
        }
        return Function(head: "init", parameters: ["from decoder: any Decoder"], tail: " throws", body: .block(body))
    }

    /// `public func encode(to:)` running `statements` after the container lines.
    static func encodeMethod(_ statements: [Code]) -> Function {
        Function(head: "func encode", parameters: ["to encoder: any Encoder"], tail: " throws", body: .block(encodingContainer + statements))
    }

    /// `try codecHelper.encode(value, forKey: "name", container: &container)`.
    static func encode(_ value: String, name: String) -> Code {
        .line("try codecHelper.encode(\(value), forKey: \"\(SwiftLiteral.content(name))\", container: &container)")
    }

    /// `public func hash(into:)` combining `properties` (escaped names).
    static func hashMethod(_ properties: [String]) -> Function {
        let body = lines([], properties) { "hasher.combine(self.\($0))" }
        return Function(head: "func hash", parameters: ["into hasher: inout Hasher"], body: .block(body))
    }

    /// `opening`, then a line for each of `items`, in one array: bodies are built for every struct.
    private static func lines<Item>(_ opening: [Code], _ items: some Sequence<Item>, _ line: (Item) -> Line) -> [Code] {
        var lines = opening
        lines.reserveCapacity(opening.count + items.underestimatedCount)
        for item in items { lines.append(.line(line(item))) }
        return lines
    }

    /// `func isEqual(to other: <typeName>)` comparing `properties` (escaped names): `true` when
    /// there are none, else one `Compare.equal` per property joined by `&&`, a line each.
    static func equalityMethod(typeName: String, _ properties: [String]) -> Function {
        let comparisons = lines([], properties.enumerated()) { index, property in
            "\(index == 0 ? "" : "    && ")\(comparison).equal(self.\(property), other.\(property))"
        }
        return Function(modifiers: .init(), head: "func isEqual", parameters: ["to other: \(typeName)"], tail: " -> Bool",
                        body: .block(properties.isEmpty ? [.line("true")] : comparisons))
    }
}
