/// Collects the changes of a burst of saves and releases them once the files have been quiet for a
/// while, so that saving five files regenerates once, not five times.
public struct Debouncer {
    /// How long no further change must be seen, in milliseconds.
    public var quietPeriod: UInt64
    /// The longest a change waits while changes keep coming, in milliseconds.
    public var maximumDelay: UInt64

    private var pending = ChangeSet()
    private var firstChange: UInt64 = 0
    private var lastChange: UInt64 = 0

    public init(quietPeriod: UInt64 = 100, maximumDelay: UInt64 = 2000) {
        self.quietPeriod = quietPeriod
        self.maximumDelay = max(maximumDelay, quietPeriod)
    }

    public var hasPending: Bool { !pending.isEmpty }

    /// Notes `changes` seen at `now` (milliseconds on any monotonic clock).
    public mutating func record(_ changes: ChangeSet, at now: UInt64) {
        guard !changes.isEmpty else { return }
        if pending.isEmpty { firstChange = now }
        pending.merge(changes)
        lastChange = now
    }

    /// The collected changes once the quiet period has passed, or nil to keep waiting.
    public mutating func take(at now: UInt64) -> ChangeSet? {
        guard !pending.isEmpty else { return nil }
        let quiet = now >= lastChange && now - lastChange >= quietPeriod
        let overdue = now >= firstChange && now - firstChange >= maximumDelay
        guard quiet || overdue else { return nil }
        defer { pending = ChangeSet() }
        return pending
    }
}
