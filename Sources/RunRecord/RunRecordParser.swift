import Output

extension RunRecord {
    /// Reads a stored record; nil when `text` is not a complete one.
    public init?(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Reads a stored record from its UTF-8 bytes; nil when they are not a complete one.
    ///
    /// Works on bytes: a record lists every generated file (5,000 at 1,000 tables), and reading it
    /// through `String` and `Character` cost more than the `stat` calls it exists to save.
    public init?(bytes: [UInt8]) {
        guard let record = bytes.withUnsafeBufferPointer({ buffer -> RunRecord? in
            var parser = RecordParser(bytes: buffer)
            return parser.record()
        }) else { return nil }
        self = record
    }
}

/// The reader of `RunRecord.text`, one line at a time.
private struct RecordParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var line: Range<Int> = 0..<0
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func record() -> RunRecord? {
        guard nextLine(), string(line) == RunRecord.header else { return nil }
        var tool: String?, cwd: String?, project: String?, created: Timestamp?, summary: (Int, Int)?
        var connectors: [String] = []
        var color = false
        var messages = ""
        var inputs: [InputObservation] = []
        var outputs: [RunRecord.Output] = []
        while nextLine() {
            var cursor = line.lowerBound
            while cursor < line.upperBound, bytes[cursor] != 0x20 { cursor += 1 }
            let word = string(line.lowerBound..<cursor)
            if cursor < line.upperBound { cursor += 1 }
            let rest = cursor..<line.upperBound
            switch word {
            case "output":
                guard let identity = identity(&cursor), let path = path(cursor) else { return nil }
                outputs.append(RunRecord.Output(path: path, identity: identity))
            case "read":
                guard let identity = identity(&cursor), let hash = token(&cursor), let path = path(cursor) else { return nil }
                inputs.append(.read(path: path, identity: identity, hash: hash))
            case "listed":
                guard let hash = token(&cursor), let path = path(cursor) else { return nil }
                inputs.append(.listed(path: path, hash: hash))
            case "file", "folder":
                guard let answer = token(&cursor), answer == "0" || answer == "1", let path = path(cursor) else { return nil }
                inputs.append(word == "file" ? .isFile(path: path, answer: answer == "1") : .isDirectory(path: path, answer: answer == "1"))
            case "tool": tool = string(rest)
            case "cwd": cwd = string(rest)
            case "project": project = string(rest)
            case "connector": connectors.append(string(rest))
            case "color":
                guard string(rest) == "1" else { return nil }
                color = true
            case "stderr": messages += string(rest) + "\n"
            case "created":
                created = timestamp(&cursor)
                guard created != nil, cursor == line.upperBound else { return nil }
            case "summary":
                guard let packages = number(&cursor, until: 0x20), let files = number(&cursor, until: nil) else { return nil }
                summary = (Int(packages), Int(files))
            case "end":
                // The last line: anything after it, or a record cut short before it, is not a record.
                guard line.count == 3, position == bytes.count, let tool, let cwd, let created, let summary else { return nil }
                var key = RunRecord.Key(currentDirectory: cwd, projectDirectory: project, connectors: nil, colorDiagnostics: color)
                key.connectors = connectors
                return RunRecord(tool: tool, key: key, created: created, packages: summary.0, files: summary.1,
                                 messages: messages, inputs: inputs, outputs: outputs)
            default:
                return nil
            }
        }
        return nil
    }

    /// Moves `line` to the next line (without its line break); false at the end or on a last line
    /// without one.
    private mutating func nextLine() -> Bool {
        guard position < bytes.count else { return false }
        var end = position
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        guard end < bytes.count else { return false }
        line = position..<end
        position = end + 1
        return true
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The text up to the next space, moving `cursor` past the space.
    private func token(_ cursor: inout Int) -> String? {
        let start = cursor
        while cursor < line.upperBound, bytes[cursor] != 0x20 { cursor += 1 }
        guard cursor < line.upperBound, cursor > start else { return nil }
        defer { cursor += 1 }
        return string(start..<cursor)
    }

    /// The rest of the line, which must not be empty.
    private func path(_ cursor: Int) -> String? {
        cursor < line.upperBound ? string(cursor..<line.upperBound) : nil
    }

    /// `FileIdentity.text` followed by a space.
    private func identity(_ cursor: inout Int) -> FileIdentity? {
        guard let size = number(&cursor, until: 0x3A), let modified = timestamp(&cursor), consume(0x3A, &cursor),
              let changed = timestamp(&cursor), consume(0x3A, &cursor), let inode = number(&cursor, until: 0x3A),
              let device = number(&cursor, until: 0x20) else { return nil }
        return FileIdentity(size: Int64(size), modified: modified, changed: changed, inode: inode, device: device)
    }

    /// `seconds.nanoseconds`, leaving `cursor` on the byte after it.
    private func timestamp(_ cursor: inout Int) -> Timestamp? {
        let negative = cursor < line.upperBound && bytes[cursor] == 0x2D
        if negative { cursor += 1 }
        guard let seconds = number(&cursor, until: 0x2E), seconds <= UInt64(Int64.max) else { return nil }
        let start = cursor
        var nanoseconds: Int64 = 0
        while cursor < line.upperBound, (0x30...0x39).contains(bytes[cursor]), cursor - start < 9 {
            nanoseconds = nanoseconds * 10 + Int64(bytes[cursor] - 0x30)
            cursor += 1
        }
        guard cursor > start else { return nil }
        return Timestamp(seconds: negative ? -Int64(seconds) : Int64(seconds), nanoseconds: nanoseconds)
    }

    /// Decimal digits up to `terminator` (consumed) or, when nil, the end of the line.
    private func number(_ cursor: inout Int, until terminator: UInt8?) -> UInt64? {
        let start = cursor
        var value: UInt64 = 0
        while cursor < line.upperBound, (0x30...0x39).contains(bytes[cursor]) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(bytes[cursor] - 0x30))
            guard !overflow, !carry else { return nil }
            value = sum
            cursor += 1
        }
        guard cursor > start else { return nil }
        if let terminator { return consume(terminator, &cursor) ? value : nil }
        return cursor == line.upperBound ? value : nil
    }

    private func consume(_ byte: UInt8, _ cursor: inout Int) -> Bool {
        guard cursor < line.upperBound, bytes[cursor] == byte else { return false }
        cursor += 1
        return true
    }
}
