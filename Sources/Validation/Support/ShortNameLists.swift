/// Name checks over the short lists validation looks at on every node (arguments, input fields,
/// variables). They rarely hold more than a handful of names, where comparing in place costs
/// less than hashing every name into a set; past `linearLimit` they hash, so long lists stay linear.
enum ShortNameLists {
    static let linearLimit = 16

    /// Calls `repeated` for each element, in order, whose name an earlier element already has.
    static func forEachRepeat<Element>(in elements: [Element], name: (Element) -> String, _ repeated: (Element) -> Void) {
        guard elements.count > 1 else { return }
        if elements.count <= linearLimit {
            // Read through the buffer: the array's subscript copies each syntax node it hands out.
            elements.withUnsafeBufferPointer { elements in
                for index in 1..<elements.count {
                    let current = name(elements[index])
                    if elements[..<index].contains(where: { name($0) == current }) { repeated(elements[index]) }
                }
            }
        } else {
            var seen: Set<String> = []
            for element in elements where !seen.insert(name(element)).inserted { repeated(element) }
        }
    }
}

/// The first position of each name in a list, found by comparing while the list is short and
/// through a dictionary once it is long (see `ShortNameLists`).
struct NameIndex {
    let names: [String]
    private let positions: [String: Int]?

    init(_ names: [String]) {
        self.names = names
        if names.count > ShortNameLists.linearLimit {
            var positions: [String: Int] = [:]
            for (position, name) in names.enumerated() where positions[name] == nil { positions[name] = position }
            self.positions = positions
        } else {
            positions = nil
        }
    }

    func firstIndex(of name: String) -> Int? {
        if let positions { return positions[name] }
        return names.firstIndex(of: name)
    }

    func contains(_ name: String) -> Bool { firstIndex(of: name) != nil }
}

/// A set of names that compares in place while it is short (see `ShortNameLists`) and hashes
/// once it grows past `ShortNameLists.linearLimit`.
struct ShortNameSet {
    private var names: [String] = []
    private var hashed: Set<String>?

    /// `capacity`: the number of names expected, reserved while it is short.
    init(capacity: Int) {
        names.reserveCapacity(min(capacity, ShortNameLists.linearLimit + 1))
    }

    /// Adds `name`; false when the set had it already.
    mutating func insert(_ name: String) -> Bool {
        if hashed != nil { return hashed!.insert(name).inserted }
        if names.contains(name) { return false }
        names.append(name)
        if names.count > ShortNameLists.linearLimit {
            hashed = Set(names)
            names = []
        }
        return true
    }
}
