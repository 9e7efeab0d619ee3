/// A process-wide, strictly increasing number that orders everything a query can show:
/// requests are stamped when they are sent, cache changes when they are made. A result
/// is only shown when its stamp is newer than the one already shown, so a slow response
/// or a late cache read never replaces something newer.
struct QueryStamp: Comparable, Hashable, Sendable {
    let value: UInt64

    /// Older than every stamp handed out.
    static let zero = QueryStamp(value: 0)

    private static let counter = Locked<UInt64>(0)

    /// A stamp newer than every stamp handed out before.
    static func next() -> QueryStamp {
        QueryStamp(value: counter.withLock { value in
            value += 1
            return value
        })
    }

    static func < (lhs: QueryStamp, rhs: QueryStamp) -> Bool {
        lhs.value < rhs.value
    }
}
