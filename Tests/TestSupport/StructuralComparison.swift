import Diagnostics

/// Compares syntax trees while ignoring where they came from.
///
/// `==` on AST nodes includes source ranges (see `Document`); this answers "do these trees say the
/// same thing?", e.g. for `parse(print(ast))` against `ast`. It walks values by reflection, so it is
/// meant for tests and tools, not for hot paths.
public enum StructuralComparison {
    /// Whether `lhs` and `rhs` are equal once every `SourceRange` and `SourceFile` is disregarded.
    public static func isEqualIgnoringRanges<Node>(_ lhs: Node, _ rhs: Node) -> Bool {
        firstDifference(lhs, rhs) == nil
    }

    /// A path to the first place where the trees differ (ranges disregarded), or nil when they agree.
    public static func firstDifference<Node>(_ lhs: Node, _ rhs: Node) -> String? {
        difference(lhs, rhs, path: String(describing: Node.self))
    }

    private static func difference(_ lhs: Any, _ rhs: Any, path: String) -> String? {
        if lhs is SourceRange || lhs is SourceFile { return nil }
        // Fast paths for the common leaves; reflection is slow.
        if let left = lhs as? String, let right = rhs as? String {
            return left == right ? nil : "\(path): \(left.debugDescription) vs \(right.debugDescription)"
        }
        if let left = lhs as? Bool, let right = rhs as? Bool {
            return left == right ? nil : "\(path): \(left) vs \(right)"
        }
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        guard left.subjectType == right.subjectType else {
            return "\(path): \(left.subjectType) vs \(right.subjectType)"
        }
        let leftChildren = Array(left.children)
        let rightChildren = Array(right.children)
        if leftChildren.isEmpty && rightChildren.isEmpty {
            // Empty arrays, nils and field-less structs of the same type are equal.
            if left.displayStyle == .collection || left.displayStyle == .optional || left.displayStyle == .struct {
                return nil
            }
            // Leaves (strings, numbers, booleans, payload-free enum cases) compare by their rendering.
            let leftText = String(reflecting: lhs)
            let rightText = String(reflecting: rhs)
            return leftText == rightText ? nil : "\(path): \(leftText) vs \(rightText)"
        }
        guard leftChildren.count == rightChildren.count else {
            return "\(path): \(leftChildren.count) vs \(rightChildren.count) children"
        }
        for (index, (leftChild, rightChild)) in zip(leftChildren, rightChildren).enumerated() {
            // Enum payloads appear as one child labelled with the case name, so labels tell cases apart.
            guard leftChild.label == rightChild.label else {
                return "\(path): \(leftChild.label ?? "?") vs \(rightChild.label ?? "?")"
            }
            let step = leftChild.label ?? "[\(index)]"
            if let found = difference(leftChild.value, rightChild.value, path: "\(path).\(step)") { return found }
        }
        return nil
    }
}
