import Diagnostics
import GraphQL

/// Spec 5.5.2.2: fragments must not spread themselves, directly or through others.
final class NoFragmentCyclesRule: ValidationRule {
    let hooks: ValidationHooks = [.fragment, .leaveDocument]

    private var order: [(FragmentDefinition, SourceFile)] = []

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        order.append((fragment, context.file))
    }

    func leaveDocument(_ context: ValidationContext) {
        var visited: Set<String> = []
        for (fragment, file) in order where !visited.contains(fragment.name.value) {
            var path: [FragmentSpread] = []
            var onPath: [String: Int] = [:]
            detect(fragment.name.value, file: file, visited: &visited, path: &path, onPath: &onPath, context)
        }
    }

    /// Depth-first search that reports each cycle once, at the spread that closes it.
    private func detect(_ name: String, file: SourceFile, visited: inout Set<String>, path: inout [FragmentSpread],
                        onPath: inout [String: Int], _ context: ValidationContext) {
        guard !visited.contains(name) else { return }
        visited.insert(name)
        onPath[name] = path.count
        for spread in context.spreads(in: .fragment(name)) {
            let target = spread.name.value
            if let index = onPath[target] {
                let cycle = Array(path[index...]) + [spread]
                let via = cycle.dropLast().map { "\"\($0.name.value)\"" }
                context.file = context.fragments[target]?.file ?? file
                context.error("Cannot spread fragment \"\(target)\" within itself" + (via.isEmpty ? "." : " via \(via.joined(separator: ", "))."),
                              at: cycle[0].range)
            } else if let entry = context.fragments[target] {
                path.append(spread)
                detect(target, file: entry.file, visited: &visited, path: &path, onPath: &onPath, context)
                path.removeLast()
            }
        }
        onPath[name] = nil
    }
}
