/// Which fragments spread themselves, directly or through others: the strongly connected
/// components of the spread graph (Tarjan's algorithm), in time linear in the fragments' size.
/// Iterative, so that a cycle of any length fits on the thread's stack.
public enum FragmentCycles {
    /// The names of the fragments (by name) that lie on a cycle.
    public static func members(of fragments: [String: FragmentDefinition]) -> Set<String> {
        let names = Array(fragments.keys)
        let ids = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let edges = names.map { name in fragments[name].map { spreadNames(in: $0).compactMap { ids[$0] } } ?? [] }
        var order = [Int](repeating: -1, count: names.count)
        var low = order
        var onStack = [Bool](repeating: false, count: names.count)
        var stack: [Int] = []
        var members: Set<String> = []
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
                    members.formUnion(component.map { names[$0] })
                }
            }
        }
        return members
    }

    /// The names `fragment` spreads anywhere in its selection, nested ones included.
    private static func spreadNames(in fragment: FragmentDefinition) -> [String] {
        var names: [String] = []
        var pending = [fragment.selectionSet]
        while let selectionSet = pending.popLast() {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field): if let inner = field.selectionSet { pending.append(inner) }
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                case .fragmentSpread(let spread): names.append(spread.name.value)
                }
            }
        }
        return names
    }
}
