import Foundation

extension JSONValue {
    /// Parses JSON text (RFC 8259) in one pass over its bytes. Integers that fit `Int64` are
    /// kept exact (also when written `1.0` or `1e2`, as `JSONDecoder` reads them), other
    /// numbers become `Double`; invalid UTF-8 in strings is replaced with U+FFFD. Throws
    /// `DecodingError.dataCorrupted` naming the byte offset of the first error.
    static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            let value = try parser.value()
            parser.skipWhitespace()
            guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
            return value
        }
    }
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0
    // Scratch stacks shared by every nesting level, so each array and object is built at its final size.
    private var elements: [JSONValue] = []
    private var members: [(String, JSONValue)] = []
    private var unescaped: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// One value. Arrays and objects are read with a stack of open containers, not by recursion, so
    /// that 512 levels need no more of the caller's stack than one (a thread of Swift concurrency has
    /// 512 KB on Apple platforms).
    mutating func value() throws -> JSONValue {
        // Innermost last: whether it is an object, where its members or elements start, and the
        // name of the member being read.
        var open: [(isObject: Bool, start: Int, name: String)] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input") }
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try enter()
                guard consume(UInt8(ascii: "}")) else {
                    open.append((true, members.count, try memberName()))
                    continue
                }
                depth -= 1
                value = .object([:])
            case UInt8(ascii: "["):
                try enter()
                guard consume(UInt8(ascii: "]")) else {
                    open.append((false, elements.count, ""))
                    continue
                }
                depth -= 1
                value = .array([])
            case UInt8(ascii: "\""): value = .string(try string())
            case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
            case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
            case UInt8(ascii: "n"): try literal("null"); value = .null
            default: value = try number()
            }
            // Adds the value to its container, and closes every container it completes.
            while let container = open.last {
                if container.isObject { members.append((container.name, value)) } else { elements.append(value) }
                if consume(UInt8(ascii: ",")) {
                    if container.isObject { open[open.count - 1].name = try memberName() }
                    break
                }
                value = try close(container)
                open.removeLast()
            }
            if open.isEmpty { return value }
        }
    }

    /// The name of an object member and its `:`.
    private mutating func memberName() throws -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
        let name = try string()
        guard consume(UInt8(ascii: ":")) else { throw failure("expected ':'") }
        return name
    }

    /// The array or object whose last item was read, built at its final size from the scratch stack.
    private mutating func close(_ container: (isObject: Bool, start: Int, name: String)) throws -> JSONValue {
        depth -= 1
        if container.isObject {
            guard consume(UInt8(ascii: "}")) else { throw failure("expected ',' or '}'") }
            // A repeated name keeps its last value.
            let object = Dictionary(members[container.start...], uniquingKeysWith: { _, last in last })
            members.removeSubrange(container.start...)
            return .object(object)
        }
        guard consume(UInt8(ascii: "]")) else { throw failure("expected ',' or ']'") }
        let array = Array(elements[container.start...])
        elements.removeSubrange(container.start...)
        return .array(array)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    func failure(_ message: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "invalid JSON at byte \(index): \(message)"))
    }

    private mutating func enter() throws {
        depth += 1
        // JSONDecoder's limit; it also bounds the recursion of what reads the value later.
        guard depth <= 512 else { throw failure("nested too deeply") }
        index += 1
    }

    /// Consumes `expected` if it is the next non-blank byte.
    private mutating func consume(_ expected: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == expected else { return false }
        index += 1
        return true
    }

    /// A string starting at the opening quote; text without escapes is copied once.
    private mutating func string() throws -> String {
        index += 1
        var chunk = index
        unescaped.removeAll(keepingCapacity: true)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text: String
                if unescaped.isEmpty {
                    text = String(decoding: UnsafeBufferPointer(rebasing: bytes[chunk..<index]), as: UTF8.self)
                } else {
                    unescaped.append(contentsOf: bytes[chunk..<index])
                    text = String(decoding: unescaped, as: UTF8.self)
                }
                index += 1
                return text
            }
            if byte < 0x20 { throw failure("control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            unescaped.append(contentsOf: bytes[chunk..<index])
            try escape()
            chunk = index
        }
        throw failure("unterminated string")
    }

    /// Appends the character of the escape sequence at `index` to `unescaped`.
    private mutating func escape() throws {
        guard index + 1 < bytes.count else { throw failure("unterminated string") }
        let code = bytes[index + 1]
        index += 2
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(code)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate")
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let character = Unicode.Scalar(scalar) else { throw failure("unpaired surrogate") }
            unescaped.append(contentsOf: UTF8.encode(character)!)
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("invalid \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw failure("invalid \\u escape") }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else {
            throw failure("unexpected character")
        }
        index += count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; short integers are summed directly.
    private mutating func number() throws -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        var integer: Int64 = 0
        while index < bytes.count, case let digit = bytes[index] &- 0x30, digit < 10 {
            integer = integer &* 10 &+ Int64(digit)
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits > 0, bytes[integerStart] != 0x30 || integerDigits == 1 else { throw failure("invalid number") }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            try digits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
        // Up to 18 digits cannot overflow.
        if isInteger, integerDigits <= 18 {
            return .int(bytes[start] == UInt8(ascii: "-") ? -integer : integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let exact = Int64(text) { return .int(exact) }
        guard let double = Double(text), double.isFinite else { throw failure("number out of range") }
        if let exact = Int64(exactly: double) { return .int(exact) }
        return .double(double)
    }

    private mutating func digits() throws {
        let start = index
        while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
        guard index > start else { throw failure("invalid number") }
    }
}
