#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading an open file whole, for every stage that reads the disk (project loading, the writer).
public enum FileBytes {
    /// The bytes of `descriptor` from its offset to its end; nil on a read error (`errno` tells
    /// which). `size` (from `fstat`) lets a file be read in one piece, without regrowing the array;
    /// the loop still copes with a file that grows or shrinks meanwhile.
    public static func readAll(_ descriptor: Int32, size: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var filled = 0
        var capacity = max(size + 1, 4096)
        while true {
            if filled == capacity { capacity *= 2 }
            if bytes.count < capacity { bytes += repeatElement(0, count: capacity - bytes.count) }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, capacity - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 {
                bytes.removeSubrange(filled...)
                return bytes
            }
            filled += count
        }
    }
}
