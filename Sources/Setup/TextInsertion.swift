/// Text added at a byte offset of a file; `sdkgen init` only ever adds, so every original byte stays.
public struct TextInsertion: Sendable, Equatable {
    /// Where the text goes, in bytes from the start of the original file.
    public var offset: Int
    public var text: String

    /// `bytes` with every insertion applied; insertions at the same offset keep their order.
    public static func apply(_ insertions: [TextInsertion], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var position = 0
        for insertion in insertions.enumerated().sorted(by: { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }).map(\.element) {
            result += bytes[position..<insertion.offset]
            result += Array(insertion.text.utf8)
            position = insertion.offset
        }
        return result + bytes[position...]
    }
}
