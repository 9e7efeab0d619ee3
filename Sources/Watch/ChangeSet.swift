/// The input files that changed between two looks at the disk.
public struct ChangeSet: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case added
        case modified
        case removed
    }

    public private(set) var changes: [String: Kind] = [:]

    public init(_ changes: [String: Kind] = [:]) {
        self.changes = changes
    }

    public var isEmpty: Bool { changes.isEmpty }
    /// Every changed path, sorted.
    public var paths: [String] { changes.keys.sorted() }

    /// A configuration file changed, appeared or vanished: the configuration, and with it the
    /// watched folders, must be reloaded.
    public var configurationChanged: Bool { changes.keys.contains(where: WatchRoots.isConfiguration) }

    /// Adds `later` changes; a file added then removed within one burst did not change at all.
    public mutating func merge(_ later: ChangeSet) {
        for (path, kind) in later.changes {
            switch (changes[path], kind) {
            case (nil, _): changes[path] = kind
            case (.added?, .removed): changes[path] = nil
            case (.added?, _): changes[path] = .added
            case (.removed?, .added), (.removed?, .modified): changes[path] = .modified
            case (.modified?, _), (.removed?, .removed): changes[path] = kind
            }
        }
    }

    /// `2 modified, 1 added: schema/schema.gql, ...` with at most three paths named.
    public func summary(displayPath: (String) -> String = { $0 }) -> String {
        let counts = [Kind.modified, .added, .removed].compactMap { kind -> String? in
            let count = paths(of: kind).count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        let all = paths
        let named = all.prefix(3).map(displayPath).joined(separator: ", ") + (all.count > 3 ? ", ..." : "")
        return counts.joined(separator: ", ") + (all.isEmpty ? "" : ": " + named)
    }

    func paths(of kind: Kind) -> [String] {
        changes.filter { $0.value == kind }.map(\.key).sorted()
    }
}
