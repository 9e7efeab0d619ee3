/// A shortest line edit script between two texts (Myers, "An O(ND) Difference Algorithm", 1986).
enum LineDiff {
    enum Operation: Equatable {
        case keep(String)
        case delete(String)
        case insert(String)
    }

    /// Beyond this many differing lines the script stops being minimal: the remaining middle part is
    /// replaced as a whole, which bounds time and memory on completely rewritten files.
    static let maximumEditDistance = 1000

    /// The edit script turning `old` into `new`.
    static func operations(_ old: [String], _ new: [String]) -> [Operation] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        var result = old[..<prefix].map(Operation.keep)
        result += middle(oldMiddle, newMiddle)
        result += old[(old.count - suffix)...].map(Operation.keep)
        return result
    }

    private static func middle(_ a: [String], _ b: [String]) -> [Operation] {
        let n = a.count
        let m = b.count
        if n == 0 || m == 0 {
            return a.map(Operation.delete) + b.map(Operation.insert)
        }
        let limit = min(n + m, maximumEditDistance)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds diagonals -d...d of the frontier before step d, for walking the path back.
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(frontier[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = frontier[offset + k + 1]
                } else {
                    x = frontier[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m { return backtrack(a, b, trace: trace, final: d) }
            }
        }
        return a.map(Operation.delete) + b.map(Operation.insert)
    }

    private static func backtrack(_ a: [String], _ b: [String], trace: [[Int]], final: Int) -> [Operation] {
        var reversed: [Operation] = []
        var x = a.count
        var y = b.count
        for d in stride(from: final, through: 0, by: -1) {
            let frontier = trace[d]
            let offset = d
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : frontier[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY, x > 0, y > 0 {
                x -= 1
                y -= 1
                reversed.append(.keep(a[x]))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    reversed.append(.insert(b[y]))
                } else {
                    x -= 1
                    reversed.append(.delete(a[x]))
                }
            }
        }
        return reversed.reversed()
    }
}
