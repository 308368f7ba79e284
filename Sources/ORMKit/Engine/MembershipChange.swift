/// A change to the targets a many-to-many relation links, as an engine runs it (``DatabaseWriter/change(_:_:)``).
public enum MembershipChange<Target: Record>: Sendable {
    /// Links these targets; existing links stay as they are.
    case attach([Target])
    /// Unlinks these targets.
    case detach([Target])
    /// Links exactly these targets (unlinking every other).
    case set([Target])
}

/// A change to the order of an ordered many-to-many list, as an engine runs it (``DatabaseWriter/reorder(_:_:)``).
public enum ListChange<Owner: Record, Target: Record>: Sendable {
    /// Links the target at one end of the list (moves it there when already linked).
    case insert(Target, at: OrderedManyToManyRecords<Owner, Target>.ListEnd)
    /// Moves a linked target to a 0-based index.
    case move(Target, to: Int)
}
