import Diagnostics
import GraphQL

/// Spec 5.5.2.2: fragments must not spread themselves, directly or through others.
final class NoFragmentCyclesRule: ValidationRule {
    let hooks: ValidationHooks = [.leaveDocument]

    /// The most fragments a message names on the way round a cycle.
    static let namedOnTheWay = 10

    /// A depth-first search, as graphql-js's, reporting each cycle once at the spread that closes it; the
    /// path is kept in arrays, not on the call stack, since a cycle may have thousands of fragments.
    func leaveDocument(_ context: ValidationContext) {
        var visited: Set<String> = []
        for fragment in context.documents.flatMap(\.fragments) where visited.insert(fragment.name.value).inserted {
            // The spreads from the first fragment to the one on top, and where each fragment enters the path.
            var path: [FragmentSpread] = []
            var onPath = [fragment.name.value: 0]
            var frames = [(name: fragment.name.value, spreads: context.spreads(in: .fragment(fragment.name.value)), next: 0)]
            while let (name, spreads, next) = frames.last {
                guard next < spreads.count else {
                    frames.removeLast()
                    onPath[name] = nil
                    if !frames.isEmpty { path.removeLast() }
                    continue
                }
                frames[frames.count - 1].next += 1
                let spread = spreads[next]
                let target = spread.name.value
                if let index = onPath[target] {
                    report(path[index...], closedBy: spread, context)
                } else if context.fragments[target] != nil, visited.insert(target).inserted {
                    path.append(spread)
                    onPath[target] = path.count
                    frames.append((target, context.spreads(in: .fragment(target)), 0))
                }
            }
        }
    }

    /// The error for the cycle of spreads `way` + `last`, at its first spread.
    private func report(_ way: ArraySlice<FragmentSpread>, closedBy last: FragmentSpread, _ context: ValidationContext) {
        let target = last.name.value
        let via = way.isEmpty ? "" : " via " + QuotedNames.list(way.lazy.map(\.name.value), atMost: Self.namedOnTheWay)
        if let file = context.fragments[target]?.file { context.file = file }
        context.error(.noFragmentCycles, "Cannot spread fragment \"\(target)\" within itself\(via).", at: (way.first ?? last).range)
    }
}
