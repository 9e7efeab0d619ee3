/// A shortest line edit script between two texts (Myers, "An O(ND) Difference Algorithm", 1986).
enum LineDiff {
    enum Operation: Equatable {
        case keep(String)
        case delete(String)
        case insert(String)
    }

    /// Beyond this many differing lines the middle is replaced whole, bounding time and memory on rewritten files.
    static let maximumEditDistance = 1000

    /// The edit script turning `old` into `new`.
    static func operations(_ old: [String], _ new: [String]) -> [Operation] {
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let middle = middle(Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)]))
        return old[..<prefix].map(Operation.keep) + middle + old[(old.count - suffix)...].map(Operation.keep)
    }

    /// The greedy forward search; `trace[d]` keeps the frontier (diagonals `-d...d`) before step `d` for the walk back.
    private static func middle(_ a: [String], _ b: [String]) -> [Operation] {
        guard !a.isEmpty, !b.isEmpty else { return a.map(Operation.delete) + b.map(Operation.insert) }
        let limit = min(a.count + b.count, maximumEditDistance)
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(frontier[(limit + 1 - d)...(limit + 1 + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                let down = k == -d || (k != d && frontier[limit + k] < frontier[limit + k + 2])
                var x = down ? frontier[limit + k + 2] : frontier[limit + k] + 1
                var y = x - k
                while x < a.count, y < b.count, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[limit + 1 + k] = x
                if x >= a.count, y >= b.count { return backtrack(a, b, trace: trace) }
            }
        }
        return a.map(Operation.delete) + b.map(Operation.insert)
    }

    private static func backtrack(_ a: [String], _ b: [String], trace: [[Int]]) -> [Operation] {
        var reversed: [Operation] = []
        var (x, y) = (a.count, b.count)
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let frontier = trace[d]
            let k = x - y
            let down = k == -d || (k != d && frontier[d + k - 1] < frontier[d + k + 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : frontier[d + previousK]
            while x > previousX, y > previousX - previousK, x > 0, y > 0 {
                x -= 1
                y -= 1
                reversed.append(.keep(a[x]))
            }
            guard d > 0 else { break }
            if down {
                y -= 1
                reversed.append(.insert(b[y]))
            } else {
                x -= 1
                reversed.append(.delete(a[x]))
            }
        }
        return reversed.reversed()
    }
}
