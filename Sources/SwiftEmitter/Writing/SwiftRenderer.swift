/// Formats the declarations of a `SwiftFile` as text: the one place that decides indentation,
/// blank lines, where lists wrap and how project text in comments is escaped. It cannot fail:
/// every decision that can, translation made before.
enum SwiftRenderer {
    /// Lines longer than this are wrapped where the renderer knows how (`Code.list`, parameter lists).
    static let lineLimit = 120

    /// The file's text: header, imports, declarations. `capacity` is a guess at its size in bytes.
    static func render(_ file: SwiftFile, capacity: Int = 16_384) -> String {
        render(header: file.header, imports: file.imports, file.declarations, capacity: capacity)
    }

    /// A file of `declarations`, each built only when it is written when the sequence is lazy.
    static func render(
        header: [String] = [SwiftFile.marker], imports: [String], _ declarations: some Sequence<Declaration>, capacity: Int = 16_384
    ) -> String {
        var writer = SwiftWriter(capacity: capacity)
        for line in header { writer.line(line) }
        writer.blank()
        for module in imports { writer.line("import " + module) }
        writer.blank()
        write(declarations, into: &writer)
        return writer.text
    }

    /// `declarations` with a blank line between each two (none after an opening brace).
    static func write(_ declarations: some Sequence<Declaration>, into writer: inout SwiftWriter) {
        for declaration in declarations {
            writer.blank()
            write(declaration, into: &writer)
        }
    }

    // Lines are written in pieces (`start`, `add`, `end`): the model's strings go into the
    // buffer as they are, without building each line as a string of its own.

    static func write(_ declaration: Declaration, into writer: inout SwiftWriter) {
        writer.doc(declaration.doc)
        switch declaration.kind {
        case .type(let type):
            writer.start()
            add(type.modifiers, into: &writer)
            writer.add(type.keyword, " ", type.name)
            if !type.conformances.isEmpty {
                writer.add(": ")
                add(type.conformances, into: &writer)
            }
            writer.add(type.members.isEmpty ? " {}" : " {")
            writer.end()
            guard !type.members.isEmpty else { return }
            writer.indented { writer in write(type.members, into: &writer) }
            writer.close("}")
        case .property(let property):
            writer.start()
            for attribute in property.attributes { writer.add(attribute, " ") }
            add(property.modifiers, into: &writer)
            writer.add(property.keyword, " ", property.name)
            if let type = property.type { writer.add(": ", type) }
            switch property.value {
            case .none: writer.end()
            case .initializer(let value):
                writer.add(" = ")
                write(value, continuing: true, into: &writer)
            case .getter(let body): write(body, into: &writer)
            }
        case .function(let function):
            for attribute in function.attributes { writer.line(attribute) }
            writer.start()
            add(function.modifiers, into: &writer)
            writer.add(function.head, "(")
            // `) tail {` follows the parameters.
            if case .block = function.body, !function.parameters.isEmpty,
               writer.lineWidth + width(function.parameters) + function.tail.utf8.count + 3 > lineLimit {
                writer.end()
                writer.indented { writer in add(lines: function.parameters, into: &writer) }
                writer.start()
            } else {
                add(function.parameters, into: &writer)
            }
            writer.add(")", function.tail)
            write(function.body, into: &writer)
        case .enumCase(let text):
            writer.line("case " + text)
        case .typeAlias(let modifiers, let name, let type):
            writer.start()
            add(modifiers, into: &writer)
            writer.add("typealias ", name, " = ")
            writer.add(type)
            writer.end()
        case .comment(let text):
            writer.comment(text)
        case .group(let members):
            for member in members { write(member, into: &writer) }
        }
    }

    /// Ends the started line with `body`: ` { expression }`, or ` {`, the block and `}`.
    private static func write(_ body: Body, into writer: inout SwiftWriter) {
        switch body {
        case .none: break
        case .inline(let expression): expression.isEmpty ? writer.add(" {}") : writer.add(" { ", expression, " }")
        case .block(let statements):
            writer.add(" {")
            writer.end()
            return write(statements, closing: "}", into: &writer)
        }
        writer.end()
    }

    /// `statements` one level deeper, then `closing` (unless empty) at the current level.
    private static func write(_ statements: [Code], closing: String, into writer: inout SwiftWriter) {
        writer.indented { writer in for statement in statements { write(statement, into: &writer) } }
        if !closing.isEmpty { writer.close(closing) }
    }

    /// `code` on lines of its own, or (`continuing`) starting on the line begun already.
    static func write(_ code: Code, continuing: Bool = false, into writer: inout SwiftWriter) {
        if !continuing { writer.start() }
        switch code {
        case .line(let line):
            writer.add(line)
            writer.end()
        case .nested(let open, let body, let close):
            writer.add(open)
            writer.end()
            write(body, closing: close, into: &writer)
        case .list(let open, let items, let close):
            writer.add(open)
            // A started line is measured from its indentation.
            if items.isEmpty || writer.lineWidth + width(items) + close.utf8.count <= lineLimit {
                add(items, into: &writer)
                writer.add(close)
                return writer.end()
            }
            writer.end()
            writer.indented { writer in add(lines: items, into: &writer) }
            writer.close(close)
        case .switch(let subject, let cases):
            writer.add("switch ", subject, " {")
            writer.end()
            for line in cases { writer.line(line) }
            writer.close("}")
        }
    }

    private static func add(_ modifiers: Modifiers, into writer: inout SwiftWriter) {
        writer.add(modifiers.access.rawValue, modifiers.isStatic ? "static " : "")
    }

    /// `items` joined by `, `.
    private static func add(_ items: [String], into writer: inout SwiftWriter) {
        for (index, item) in items.enumerated() { index > 0 ? writer.add(", ", item) : writer.add(item) }
    }

    /// `items` a line each, every one but the last followed by a comma (Swift before 6.1
    /// rejects a trailing comma in parameter lists).
    private static func add(lines items: [String], into writer: inout SwiftWriter) {
        for (index, item) in items.enumerated() { writer.line(index < items.count - 1 ? item + "," : item) }
    }

    /// Columns of `items` joined by `, `. GraphQL names are ASCII, so UTF-8 length is the column count.
    private static func width(_ items: [String]) -> Int {
        items.reduce(0) { $0 + $1.utf8.count } + 2 * max(0, items.count - 1)
    }
}
