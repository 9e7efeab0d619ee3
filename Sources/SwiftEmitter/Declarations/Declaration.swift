/// One declaration or member of a generated file, with its doc comment: the Swift that
/// translation decides, before any formatting (docs/generated-code.md, "How the emitter is
/// built"). Every name, type and literal in it is spelled already (`SwiftIdentifier`,
/// `SwiftLiteral`); doc comments and comments hold project text as it is, which `SwiftRenderer`
/// escapes. Nothing here can be invalid for the renderer.
struct Declaration: Sendable {
    /// Written as `///` lines before the declaration; nil or blank text writes none.
    var doc: String?
    var kind: Kind

    init(doc: String? = nil, _ kind: Kind) {
        self.doc = doc
        self.kind = kind
    }

    /// A type declaration: `public` unless `modifiers` says otherwise.
    static func type(
        _ keyword: String, _ name: String, _ conformances: [String], _ members: [Declaration], doc: String? = nil,
        modifiers: Modifiers = .public
    ) -> Declaration {
        Declaration(doc: doc, .type(TypeDeclaration(modifiers: modifiers, keyword: keyword, name: name, conformances: conformances, members: members)))
    }

    // Boxed: the renderer copies each declaration it visits, and a box is one reference to
    // retain instead of every field (2 % fewer instructions at 200 tables, callgrind).
    indirect enum Kind: Sendable {
        /// `struct`, `class`, `enum`, `protocol` or `extension` and its members, a blank line
        /// between each two; `{}` when it has none.
        case type(TypeDeclaration)
        case property(Property)
        case function(Function)
        /// `case` + the rest, e.g. `drama`, `asc = "ASC"`, `_UNKNOWN(String)`.
        case enumCase(String)
        /// `typealias name = type`.
        case typeAlias(Modifiers, name: String, type: String)
        /// A `//` comment, e.g. `MARK: Operations`.
        case comment(String)
        /// Members written without blank lines between them: stored properties, cases, one-liners.
        case group([Declaration])
    }
}

/// Access level and `static`, as written before a declaration.
struct Modifiers: Equatable, Sendable {
    var access: Access = .internal
    var isStatic = false

    static let `public` = Modifiers(access: .public)
    static let publicStatic = Modifiers(access: .public, isStatic: true)
    static let `static` = Modifiers(isStatic: true)
    static let `private` = Modifiers(access: .private)

    enum Access: String, Sendable {
        case `internal` = ""
        case `public` = "public "
        case `private` = "private "
        case publicPrivateSet = "public private(set) "
    }
}

struct TypeDeclaration: Sendable {
    var modifiers: Modifiers = .public
    /// `struct`, `class`, `enum`, `indirect enum`, `protocol`, `extension`.
    var keyword: String
    /// The name with any generic parameters, e.g. `InputBox<Value: Hashable & Sendable>`.
    var name: String
    var conformances: [String] = []
    var members: [Declaration]
}

/// A `let` or `var`, stored or computed.
struct Property: Sendable {
    var modifiers: Modifiers = .public
    /// Property wrappers, written on the same line, e.g. `@OptionalVariable`.
    var attributes: [String] = []
    var keyword = "var"
    var name: String
    var type: String?
    var value: Value = .none

    enum Value: Sendable {
        /// Stored, without a value.
        case none
        /// `= expression`; the expression's first line follows the `=`.
        case initializer(Code)
        /// A computed property's getter.
        case getter(Body)
    }
}

/// A `func` or `init`. When it has a block body and its first line would pass
/// `SwiftRenderer.lineLimit`, the parameters go one a line.
struct Function: Sendable {
    /// Written on lines of their own, e.g. `@MainActor`.
    var attributes: [String] = []
    var modifiers: Modifiers = .public
    /// `func name`, `init`, `init?`, `func == `.
    var head: String
    var parameters: [String] = []
    /// What follows the parameter list, e.g. ` async throws -> Bool`.
    var tail = ""
    var body: Body
}

/// The body of a function or computed property.
enum Body: Sendable {
    /// No body: a protocol requirement.
    case none
    /// `{ expression }` on the declaration's line; `{}` when empty.
    case inline(String)
    /// Statements one level deeper, between `{` and `}`.
    case block([Code])
}

/// Statements and multi-line expressions. The renderer indents them.
enum Code: Sendable {
    case line(Line)
    /// `open`, the body one level deeper, then `close`: `if x {` … `}`, `Package(` … `)`; with
    /// an empty `close`, the body is the continuation lines of `open`'s expression.
    case nested(Line, [Code], String)
    /// `open` + the items joined by `, ` + `close` on one line when that fits, else one item a
    /// line, comma-separated, between `open` and `close`.
    case list(String, [String], String)
    /// `switch subject {` with the `case` lines at its level, as swift-format writes them.
    case `switch`(String, [String])
}
