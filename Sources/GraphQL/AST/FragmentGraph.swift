/// How a connector's fragments spread one another: which lie on a cycle (the strongly connected
/// components of the spread graph, by Tarjan's algorithm) and how deep the others nest, in time
/// linear in the fragments' size. Iterative, so that a chain or cycle of any length fits on the
/// thread's stack.
public struct FragmentGraph: Sendable {
    /// The fragments that spread themselves, directly or through others.
    public private(set) var cyclic: Set<String> = []
    /// Of each fragment not on a cycle: how many selection sets nest in it, its own and those of
    /// the fragments it spreads included (a fragment on a cycle adds none), as `depth(of:)` counts them.
    public private(set) var depths: [String: Int] = [:]

    /// The fragments never inlined: those on a cycle and those that nest deeper than
    /// `Parser.maximumDepth`. Inlining a chain of thousands would take as many nested calls.
    public var notInlined: Set<String> { cyclic.union(depths.lazy.filter { $0.value > Parser.maximumDepth }.map(\.key)) }

    public init(_ fragments: [String: FragmentDefinition]) {
        let entries = Array(fragments)
        let names = entries.map(\.key)
        let nestings = entries.map { Self.nesting(of: $0.value.selectionSet) }
        let ids = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let edges = nestings.map { $0.spreads.compactMap { ids[$0.name] } }
        var order = [Int](repeating: -1, count: names.count)
        var low = order
        var onStack = [Bool](repeating: false, count: names.count)
        var stack: [Int] = []
        var counter = 0
        func discover(_ node: Int) {
            order[node] = counter
            low[node] = counter
            counter += 1
            stack.append(node)
            onStack[node] = true
        }
        for root in names.indices where order[root] < 0 {
            discover(root)
            var frames = [(node: root, next: 0)]
            while let (node, next) = frames.last {
                if next < edges[node].count {
                    frames[frames.count - 1].next += 1
                    let target = edges[node][next]
                    if order[target] < 0 {
                        discover(target)
                        frames.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], order[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[node]) }
                guard low[node] == order[node] else { continue }
                var component: [Int] = []
                repeat {
                    let member = stack.removeLast()
                    onStack[member] = false
                    component.append(member)
                } while component.last != node
                if component.count > 1 || edges[node].contains(node) {
                    cyclic.formUnion(component.map { names[$0] })
                } else {
                    // Components close in reverse topological order: every fragment this one
                    // spreads has its depth already, or is on a cycle.
                    depths[names[node]] = depth(nestings[node])
                }
            }
        }
    }

    /// How many selection sets nest in `selectionSet`, counting those of the fragments it spreads.
    public func depth(of selectionSet: SelectionSet) -> Int {
        depth(Self.nesting(of: selectionSet))
    }

    private func depth(_ nesting: (levels: Int, spreads: [(name: String, level: Int)])) -> Int {
        nesting.spreads.reduce(nesting.levels) { max($0, $1.level + (depths[$1.name] ?? 0)) }
    }

    /// How many selection sets nest in `selectionSet`, itself included, and each spread in it with the level
    /// it is written at (1 for `selectionSet`'s own); a fragment's selection set nests in its spread's.
    private static func nesting(of selectionSet: SelectionSet) -> (levels: Int, spreads: [(name: String, level: Int)]) {
        var levels = 0
        var spreads: [(name: String, level: Int)] = []
        var pending = [(selectionSet, 1)]
        while let (selectionSet, level) = pending.popLast() {
            levels = max(levels, level)
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field): if let inner = field.selectionSet { pending.append((inner, level + 1)) }
                case .inlineFragment(let inline): pending.append((inline.selectionSet, level + 1))
                case .fragmentSpread(let spread): spreads.append((spread.name.value, level))
                }
            }
        }
        return (levels, spreads)
    }
}
