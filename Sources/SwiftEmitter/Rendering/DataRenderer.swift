/// The `Data` struct of an operation and its nested selection structs (docs/generated-code.md).
///
/// Every struct decodes through `CodecHelper`, the root `Data` included, so root-level `UUID`
/// and `Int64` values get the wire form too (Firebase's synthesized root decoding skips it). Like Firebase's, the structs have no
/// public memberwise initializer and, when keyed, compare and hash by key fields only.
enum DataRenderer {
    static func write(_ plan: SelectionPlan, isRoot: Bool, into writer: inout SwiftWriter) {
        var conformances = "Decodable, Sendable"
        if !isRoot, let key = plan.key {
            conformances += key.identity == .none ? ", Hashable, Equatable" : ", Hashable, Equatable, Identifiable"
            conformances += ", " + SupportTypesRenderer.equality
        }
        writer.block("public struct \(SwiftIdentifier.escaped(plan.name)): \(conformances)") { writer in
            for property in plan.properties {
                if let nested = property.nested {
                    writer.blank()
                    write(nested, isRoot: false, into: &writer)
                    writer.blank()
                }
                writer.doc(property.description)
                writer.line("public var \(SwiftIdentifier.escaped(property.name)): \(property.swiftType)")
                if property.nested != nil { writer.blank() }
            }
            if !isRoot, let key = plan.key {
                writer.blank()
                writeKeyMembers(key, structName: SwiftIdentifier.escaped(plan.name), into: &writer)
            }
            writer.blank()
            writeDecoding(plan, into: &writer)
        }
    }

    private static func writeKeyMembers(_ key: SelectionPlan.Key, structName: String, into writer: inout SwiftWriter) {
        let construction = key.structName + "(" + key.arguments.map {
            "\(SwiftIdentifier.argumentLabel($0.label)): self.\(SwiftIdentifier.escaped($0.property))"
        }.joined(separator: ", ") + ")"
        if let propertyName = key.propertyName {
            writer.doc("The primary key of this row.")
            writer.block("public var \(SwiftIdentifier.escaped(propertyName)): \(key.structName)") { writer in
                writer.line("\(construction)")
            }
            writer.blank()
        }
        if key.identity == .computedKey {
            writer.doc("The primary key, for `Identifiable`.")
            writer.block("public var id: \(key.structName)") { writer in
                writer.line("\(construction)")
            }
            writer.blank()
        }
        let properties = key.arguments.map { SwiftIdentifier.escaped($0.property) }
        writer.comment("Rows are the same entity when their keys match (Firebase's behaviour).")
        writer.block("public func hash(into hasher: inout Hasher)") { writer in
            for property in properties { writer.line("hasher.combine(self.\(property))") }
        }
        writer.blank()
        SupportTypesRenderer.writeEqualityMethod(typeName: structName, properties, into: &writer)
    }

    private static func writeDecoding(_ plan: SelectionPlan, into writer: inout SwiftWriter) {
        guard !plan.properties.isEmpty else {
            writer.line("public init(from decoder: any Decoder) throws {}")
            return
        }
        writer.block("public init(from decoder: any Decoder) throws") { writer in
            SupportTypesRenderer.writeContainer(decoding: true, into: &writer)
            for property in plan.properties {
                let name = SwiftIdentifier.escaped(property.name)
                writer.line("self.\(name) = try codecHelper.decode(\(property.swiftType).self, forKey: \(SwiftLiteral.string(property.name)), container: &container)")
            }
        }
    }
}
