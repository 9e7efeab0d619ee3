/// A process-wide, increasing number stamped on requests when sent and cache changes when made. A result is shown only
/// when newer than the one shown, so a slow response or a late cache read never replaces something newer.
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
