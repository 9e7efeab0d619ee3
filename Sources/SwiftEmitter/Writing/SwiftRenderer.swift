/// Formats the declarations of a `SwiftFile` as text: the one place that decides indentation,
/// blank lines, where lists wrap and how project text in comments is escaped. It cannot fail:
/// every decision that can, translation made before.
enum SwiftRenderer {
    /// Lines longer than this are wrapped where the renderer knows how (`Code.list`, parameter lists).
    static let lineLimit = 120

    /// The file's text: header, imports, declarations. `capacity` is a guess at its size in bytes.
    static func render(_ file: SwiftFile, capacity: Int = 16_384) -> String {
        var writer = SwiftWriter(capacity: capacity)
        for line in file.header { writer.line(line) }
        writer.blank()
        for module in file.imports { writer.line("import " + module) }
        writer.blank()
        write(file.declarations, into: &writer)
        return writer.text
    }

    /// `declarations` with a blank line between each two (none after an opening brace).
    static func write(_ declarations: [Declaration], into writer: inout SwiftWriter) {
        for declaration in declarations {
            writer.blank()
            write(declaration, into: &writer)
        }
    }

    static func write(_ declaration: Declaration, into writer: inout SwiftWriter) {
        writer.doc(declaration.doc)
        switch declaration.kind {
        case .type(let type):
            let conformances = type.conformances.isEmpty ? "" : ": " + type.conformances.joined(separator: ", ")
            let header = type.modifiers.text + type.keyword + " " + type.name + conformances
            guard !type.members.isEmpty else { return writer.line(header + " {}") }
            writer.line(header + " {")
            writer.indented { writer in write(type.members, into: &writer) }
            writer.close("}")
        case .property(let property):
            let type = property.type.map { ": " + $0 } ?? ""
            let start = property.attributes.map { $0 + " " }.joined() + property.modifiers.text + property.keyword + " " + property.name + type
            switch property.value {
            case .none: writer.line(start)
            case .initializer(let value): write(value, prefix: start + " = ", into: &writer)
            case .getter(let body): write(body, after: start, into: &writer)
            }
        case .function(let function):
            for attribute in function.attributes { writer.line(attribute) }
            let head = function.modifiers.text + function.head + "("
            let tail = ")" + function.tail
            guard case .block(let statements) = function.body else {
                return write(function.body, after: head + function.parameters.joined(separator: ", ") + tail, into: &writer)
            }
            write(.list(head, function.parameters, tail + " {"), into: &writer)
            write(statements, closing: "}", into: &writer)
        case .enumCase(let text):
            writer.line("case " + text)
        case .typeAlias(let modifiers, let name, let type):
            writer.line(modifiers.text + "typealias " + name + " = " + type)
        case .comment(let text):
            writer.comment(text)
        case .group(let members):
            for member in members { write(member, into: &writer) }
        case .code(let lines):
            for line in lines { write(line, into: &writer) }
        }
    }

    /// `line`, then `body`: ` { expression }` on the same line, or a block.
    private static func write(_ body: Body, after line: String, into writer: inout SwiftWriter) {
        switch body {
        case .none: writer.line(line)
        case .inline(let expression): writer.line(line + (expression.isEmpty ? " {}" : " { " + expression + " }"))
        case .block(let statements): write(.block(line, statements), into: &writer)
        }
    }

    /// `statements` one level deeper, then `closing` (unless empty) at the current level.
    private static func write(_ statements: [Code], closing: String, into writer: inout SwiftWriter) {
        writer.indented { writer in for statement in statements { write(statement, into: &writer) } }
        if !closing.isEmpty { writer.close(closing) }
    }

    /// `code`, its first line starting with `prefix`.
    static func write(_ code: Code, prefix: String = "", into writer: inout SwiftWriter) {
        switch code {
        case .line(let line):
            writer.line(prefix + line)
        case .nested(let open, let body, let close):
            writer.line(prefix + open)
            write(body, closing: close, into: &writer)
        case .list(let open, let items, let close):
            let width = writer.indentationWidth + prefix.utf8.count + open.utf8.count + close.utf8.count
                + items.reduce(0) { $0 + $1.utf8.count } + 2 * max(0, items.count - 1)
            if items.isEmpty || width <= lineLimit {
                writer.line(prefix + open + items.joined(separator: ", ") + close)
                return
            }
            writer.line(prefix + open)
            writer.indented { writer in
                for (index, item) in items.enumerated() { writer.line(index < items.count - 1 ? item + "," : item) }
            }
            writer.close(close)
        case .switch(let subject, let cases):
            writer.line(prefix + "switch " + subject + " {")
            for line in cases { writer.line(line) }
            writer.close("}")
        }
    }
}
