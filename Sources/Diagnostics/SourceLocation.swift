/// A position in a `SourceFile`: byte offset plus the 1-based line and column it falls on.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    // 32 bits: every AST node carries two locations, a large part of a big project's syntax trees.
    private var storedOffset: UInt32
    private var storedLine: UInt32
    private var storedColumn: UInt32

    /// Byte offset from the start of the file.
    public var offset: Int { Int(storedOffset) }

    /// 1-based line number.
    public var line: Int { Int(storedLine) }

    /// 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int { Int(storedColumn) }

    public init(offset: Int, line: Int, column: Int) {
        storedOffset = UInt32(truncatingIfNeeded: offset)
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }

    public var description: String { "\(line):\(column)" }
}

/// A half-open span `start..<end` of a source file.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// An empty range at one location.
    public init(at location: SourceLocation) {
        self.init(start: location, end: location)
    }

    /// The range spanning `offsets` of `file`.
    public init(file: SourceFile, offsets: Range<Int>) {
        self.init(start: file.location(atOffset: offsets.lowerBound), end: file.location(atOffset: offsets.upperBound))
    }

    public var description: String { "\(start)-\(end)" }
}
