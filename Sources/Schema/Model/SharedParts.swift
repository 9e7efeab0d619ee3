/// The parts of a model value kept in one reference, copied on write.
///
/// Types and fields are copied out of the schema at many nodes of every stage and changed only
/// while synthesis builds them; copying one reference costs one reference count where copying the
/// parts costs one per member.
///
/// The parts skip run-time exclusivity checks, which cost more than the copies saved: an owner
/// changes them only inside its own mutating members, after `unique(_:)` made the box its alone,
/// so no two accesses overlap (and no other thread can see the change).
final class SharedParts<Parts: Sendable>: @unchecked Sendable {
    @exclusivity(unchecked) var parts: Parts

    init(_ parts: Parts) { self.parts = parts }

    /// `box`, copied first when another value shares it.
    static func unique(_ box: inout SharedParts) -> SharedParts {
        if !isKnownUniquelyReferenced(&box) { box = SharedParts(box.parts) }
        return box
    }
}
