import Diagnostics
import GraphQL

/// Turns GraphQL syntax-tree nodes into schema-model values, remembering where each came from.
enum ASTConversion {
    static func span(_ file: SourceFile, _ range: SourceRange) -> SourceSpan {
        SourceSpan(file: file, range: range.isSynthesized ? nil : range)
    }

    /// The constant value of `value`; nil when it contains a variable, which a schema cannot have.
    static func constValue(_ value: Value) -> ConstValue? {
        switch value {
        case .variable: return nil
        case .int(let node): return .int(node.text)
        case .float(let node): return .float(node.text)
        case .string(let node): return .string(node.value)
        case .boolean(let node): return .boolean(node.value)
        case .null: return .null
        case .enumValue(let node): return .enumValue(node.value)
        case .list(let node):
            let items = node.values.compactMap(constValue)
            return items.count == node.values.count ? .list(items) : nil
        case .object(let node):
            let fields = node.fields.compactMap { field in
                constValue(field.value).map { ConstValue.ObjectField(name: field.name.value, value: $0) }
            }
            return fields.count == node.fields.count ? .object(fields) : nil
        }
    }

    /// The directive with its constant arguments; those holding variables are left out (validation reports them).
    static func directive(_ node: Directive, in file: SourceFile) -> DirectiveUse {
        let arguments = node.arguments.compactMap { argument in
            constValue(argument.value).map { ConstValue.ObjectField(name: argument.name.value, value: $0) }
        }
        return DirectiveUse(node.name.value, arguments, origin: .declared(span(file, node.range)))
    }

    static func directives(_ nodes: [Directive], in file: SourceFile) -> [DirectiveUse] {
        nodes.map { directive($0, in: file) }
    }

    static func inputValue(_ node: GraphQL.InputValueDefinition, in file: SourceFile) -> SchemaInputValue {
        SchemaInputValue(
            name: node.name.value, type: TypeRef(node.type), defaultValue: node.defaultValue.flatMap(constValue),
            description: node.description?.value, directives: directives(node.directives, in: file),
            origin: .declared(span(file, node.name.range)))
    }

    static func field(_ node: GraphQL.FieldDefinition, in file: SourceFile) -> SchemaField {
        SchemaField(
            name: node.name.value, type: TypeRef(node.type), arguments: node.arguments.map { inputValue($0, in: file) },
            description: node.description?.value, directives: directives(node.directives, in: file),
            origin: .declared(span(file, node.name.range)))
    }

    static func enumValue(_ node: GraphQL.EnumValueDefinition, in file: SourceFile) -> SchemaEnumValue {
        SchemaEnumValue(name: node.name.value, description: node.description?.value,
                        directives: directives(node.directives, in: file), origin: .declared(span(file, node.name.range)))
    }

    /// The type without members; members are added one by one so that duplicates can be reported.
    static func emptyType(_ node: GraphQL.TypeDefinition, in file: SourceFile) -> SchemaType.Builder {
        SchemaType.Builder(kind: node.kind, name: node.name.value, description: node.description?.value,
                           directives: directives(node.directives, in: file), origin: .declared(span(file, node.name.range)),
                           interfaces: node.interfaces.map(\.name.value), possibleTypes: node.types.map(\.name.value))
    }
}
