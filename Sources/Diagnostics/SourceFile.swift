/// The text of one input file, kept as UTF-8 bytes so that every stage can point into it.
///
/// Line starts are indexed once at creation; turning a byte offset into a line and column is then a
/// binary search. The class is immutable and shared by reference between stages.
public final class SourceFile: Sendable, CustomStringConvertible {
    /// The path the file was read from, as given to sdkgen (absolute or relative).
    public let path: String
    /// The file's contents.
    public let bytes: [UInt8]
    /// Byte offset of the first byte of every line; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    /// Wraps bytes read from `path`.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = SourceFile.indexLines(bytes)
    }

    /// Wraps in-memory text, for tests and generated sources.
    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The contents decoded as UTF-8 (invalid sequences become U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public var description: String { path }

    /// The 1-based line and column of `offset`.
    ///
    /// Columns count Unicode scalars, as editors do, so a caret lines up under non-ASCII text.
    /// An offset at the end of the file is valid and points just past the last byte.
    public func location(atOffset offset: Int) -> SourceLocation {
        let clamped = min(max(offset, 0), bytes.count)
        let lineIndex = lineIndex(containing: clamped)
        var column = 1
        var index = lineStarts[lineIndex]
        while index < clamped {
            if bytes[index] & 0b1100_0000 != 0b1000_0000 { column += 1 }
            index += 1
        }
        return SourceLocation(offset: clamped, line: lineIndex + 1, column: column)
    }

    private func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Lines end at LF, CR LF or a lone CR, as in GraphQL and YAML.
    private static func indexLines(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }
}
