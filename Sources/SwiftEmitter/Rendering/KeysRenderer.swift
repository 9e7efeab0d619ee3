/// `<Conn>Keys.swift`: one `<Table>Key` per table of the schema (docs/generated-code.md).
enum KeysRenderer {
    static func render(_ context: EmitterContext, keys: [KeyStruct]) -> String {
        var writer = SwiftWriter(capacity: 512 * keys.count + 256)
        context.writePreamble(into: &writer)
        write(keys, into: &writer)
        return writer.text
    }

    /// The file's declarations, without the preamble.
    static func write(_ keys: [KeyStruct], into writer: inout SwiftWriter) {
        for key in keys {
            writer.blank()
            write(key, into: &writer)
        }
    }

    private static func write(_ key: KeyStruct, into writer: inout SwiftWriter) {
        let names = key.fields.map { SwiftIdentifier.escaped($0.name) }
        writer.doc("The primary key of a row of table `\(key.table)`. Obtain one from query results or mutation responses.")
        writer.block("public struct \(key.name)") { writer in
            for (field, name) in zip(key.fields, names) {
                writer.line("public private(set) var \(name): \(field.swiftType)")
            }
        }
        writer.blank()
        writer.block("extension \(key.name): Codable") { writer in
            writer.block("public init(from decoder: any Decoder) throws") { writer in
                SupportTypesRenderer.writeContainer(decoding: true, into: &writer)
                for (field, name) in zip(key.fields, names) {
                    writer.line("self.\(name) = try codecHelper.decode(\(field.swiftType).self, forKey: \(SwiftLiteral.string(field.name)), container: &container)")
                }
            }
            writer.blank()
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                SupportTypesRenderer.writeContainer(decoding: false, into: &writer)
                for (field, name) in zip(key.fields, names) {
                    writer.line("try codecHelper.encode(self.\(name), forKey: \(SwiftLiteral.string(field.name)), container: &container)")
                }
            }
        }
        writer.blank()
        writer.block("extension \(key.name): Equatable, \(SupportTypesRenderer.equality)") { writer in
            SupportTypesRenderer.writeEqualityMethod(typeName: key.name, names, into: &writer)
        }
        writer.blank()
        writer.block("extension \(key.name): Hashable") { writer in
            writer.block("public func hash(into hasher: inout Hasher)") { writer in
                for name in names { writer.line("hasher.combine(self.\(name))") }
            }
        }
        writer.blank()
        writer.line("extension \(key.name): Sendable {}")
    }
}
