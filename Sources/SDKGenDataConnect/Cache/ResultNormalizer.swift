import Foundation

/// Turns a response's `data` and `extensions.dataConnect` into a `ResultNode` tree plus the
/// entity fields it carries (docs/runtime.md, "Client cache").
///
/// Each `extensions.dataConnect` entry has a `path` into `data` and either an `entityId`
/// (the object at `path`) or `entityIds` (one per element of the list at `path`). Entries
/// of any other shape, and ids that point at something other than an object, are ignored.
struct ResultNormalizer {
    enum PathSegment: Hashable {
        case field(String)
        case index(Int)
    }

    /// The normalized tree and, per entity id, the fields to merge into its record.
    struct Output {
        let root: ResultNode
        let entities: [String: [String: JSONValue]]
    }

    private let ids: [[PathSegment]: String]

    /// Reads the entity ids of a response's `extensions` (any shape; unknown parts are skipped).
    init(extensions: JSONValue?) {
        var ids: [[PathSegment]: String] = [:]
        for entry in ResultNormalizer.entries(extensions) {
            guard case .object(let members) = entry, let path = ResultNormalizer.path(members["path"]) else { continue }
            if case .string(let id)? = members["entityId"], !id.isEmpty {
                ids[path] = id
            }
            if case .array(let list)? = members["entityIds"] {
                for (index, item) in list.enumerated() {
                    if case .string(let id) = item, !id.isEmpty { ids[path + [.index(index)]] = id }
                }
            }
        }
        self.ids = ids
    }

    /// The shortest per-response max age (`maxAge`, as JS reads it, or `ttl`, as iOS does):
    /// a protobuf Duration string such as `"30s"` or a number of seconds.
    static func maxAge(extensions: JSONValue?) -> TimeInterval? {
        var result: TimeInterval?
        for entry in entries(extensions) {
            guard case .object(let members) = entry else { continue }
            for key in ["maxAge", "ttl"] {
                guard let seconds = duration(members[key]) else { continue }
                result = min(result ?? seconds, seconds)
            }
        }
        return result
    }

    func normalize(_ data: JSONValue) -> Output {
        var entities: [String: [String: JSONValue]] = [:]
        var path: [PathSegment] = []
        let root = node(for: data, path: &path, entities: &entities)
        return Output(root: root, entities: entities)
    }

    /// Objects deeper than this (no selection nests so deep) are kept whole as values, so that the
    /// passes over the tree recurse at most this far.
    static let maximumDepth = 128

    private func node(for value: JSONValue, path: inout [PathSegment], entities: inout [String: [String: JSONValue]]) -> ResultNode {
        guard path.count < Self.maximumDepth else { return .value(value) }
        switch value {
        case .object(let members):
            let id = ids[path]
            // An entity's scalars go to its record; any other object keeps them in its tree.
            var scalars: [String: JSONValue] = [:]
            var children: [String: ResultNode] = [:]
            for (key, member) in members {
                if member.holdsNoObject {
                    if id == nil { children[key] = .value(member) } else { scalars[key] = member }
                    continue
                }
                path.append(.field(key))
                children[key] = node(for: member, path: &path, entities: &entities)
                path.removeLast()
            }
            guard let id else { return .object(children) }
            entities[id, default: [:]].merge(scalars) { _, new in new }
            return .entity(EntityReference(id: id, fields: scalars.keys.sorted(), children: children))
        case .array(let items) where !value.holdsNoObject:
            var nodes: [ResultNode] = []
            nodes.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                nodes.append(node(for: item, path: &path, entities: &entities))
                path.removeLast()
            }
            return .list(nodes)
        default:
            return .value(value)
        }
    }

    private static func entries(_ extensions: JSONValue?) -> [JSONValue] {
        guard case .object(let members)? = extensions, case .array(let entries)? = members["dataConnect"] else { return [] }
        return entries
    }

    private static func path(_ value: JSONValue?) -> [PathSegment]? {
        guard case .array(let items)? = value else { return nil }
        var path: [PathSegment] = []
        for item in items {
            switch item {
            case .string(let name): path.append(.field(name))
            case .int(let index) where index >= 0 && index <= Int64(Int32.max): path.append(.index(Int(index)))
            case .double(let number) where number >= 0 && number <= Double(Int32.max) && number.rounded() == number:
                path.append(.index(Int(number)))
            default: return nil
            }
        }
        return path
    }

    private static func duration(_ value: JSONValue?) -> TimeInterval? {
        let seconds: Double?
        switch value {
        case .string(let text)? where text.hasSuffix("s"): seconds = Double(text.dropLast())
        case .int(let number)?: seconds = Double(number)
        case .double(let number)?: seconds = number
        default: seconds = nil
        }
        guard let seconds, seconds.isFinite, seconds >= 0 else { return nil }
        return seconds
    }
}
