/// Where eager loading puts one relation level's targets as their rows arrive, for any engine. Built from the
/// owners' link values (each distinct value gets a slot once); a target row then costs one hash lookup.
///
/// Two sinks: ``TargetLists`` appends each target straight to its owners' list (a level nothing is nested under:
/// nothing is kept or copied after the fetch); ``TargetGrouper`` keeps every target once and which of them each
/// owner gets (a level whose targets are the owners of the next).
@usableFromInline
package protocol TargetSink<Key, Target> {
    /// An owner's link value.
    associatedtype Key: Hashable
    /// The records fetched.
    associatedtype Target
    /// What the sink gives when the rows are in.
    associatedtype Collected

    /// A sink for owners whose link values `key` reads (nil for NULL).
    init<Owners: Collection>(_ owners: Owners, key: (Owners.Element) -> Key?)

    /// The distinct link values of the owners (no NULL), in first-seen order: what the queries ask for.
    var keys: [Key] { get }

    /// Adds `target`, which the owners with link value `key` get; a value no owner has is ignored.
    mutating func add(_ target: Target, for key: Key)

    /// Adds `target` (whose own key is `identity`) for the owners with link value `key`, where one target may
    /// come once per owner (a link through a join table): `seen` keeps what the sink needs to hold it once.
    mutating func add<Identity: Hashable>(_ target: Target, for key: Key, identity: Identity, seen: inout [Identity: Int])

    /// What was collected (once: a sink may move its targets out).
    mutating func collected() -> Collected
}

/// The owners' slots: each distinct link value's, and each owner's.
@usableFromInline
package struct OwnerSlots<Key: Hashable> {
    /// The distinct link values of the owners (no NULL), in first-seen order.
    @usableFromInline package let keys: [Key]
    /// The slot (index in `keys`) of each distinct link value.
    @usableFromInline let slotByKey: [Key: Int]
    /// Each owner's slot, -1 for an owner whose link value is NULL.
    @usableFromInline let ownerSlots: [Int]
    /// How many targets each slot has been given.
    @usableFromInline var counts: [Int]

    @inlinable
    init<Owners: Collection>(_ owners: Owners, key: (Owners.Element) -> Key?) {
        var keys: [Key] = []
        var slotByKey: [Key: Int] = [:]
        var ownerSlots: [Int] = []
        ownerSlots.reserveCapacity(owners.count)
        slotByKey.reserveCapacity(owners.count)
        for owner in owners {
            guard let value = key(owner) else {
                ownerSlots.append(-1)
                continue
            }
            if let slot = slotByKey[value] {
                ownerSlots.append(slot)
            } else {
                slotByKey[value] = keys.count
                ownerSlots.append(keys.count)
                keys.append(value)
            }
        }
        self.keys = keys
        self.slotByKey = slotByKey
        self.ownerSlots = ownerSlots
        counts = Array(repeating: 0, count: keys.count)
    }

    /// The slot of link value `key`, counting one more target for it; nil for a value no owner has.
    @inlinable
    mutating func count(_ key: Key) -> Int? {
        guard let slot = slotByKey[key] else { return nil }
        counts[slot] += 1
        return slot
    }
}

/// Each owner's targets: a plain level of eager loading. Targets are kept in arrival order with their slot, then
/// moved (not copied) into one list per slot, each allocated once at its final size.
@usableFromInline
package struct TargetLists<Key: Hashable, Target>: TargetSink {
    @usableFromInline var slots: OwnerSlots<Key>
    /// The targets in arrival order, until `collected()` moves them out.
    @usableFromInline var arrived: ArrivalList<Target>
    /// The slot of each arrived target.
    @usableFromInline var arrivedSlots: [Int] = []

    @inlinable
    package init<Owners: Collection>(_ owners: Owners, key: (Owners.Element) -> Key?) {
        slots = OwnerSlots(owners, key: key)
        // Room for one target per owner before the first growth.
        arrived = ArrivalList(capacity: slots.ownerSlots.count)
        arrivedSlots.reserveCapacity(slots.ownerSlots.count)
    }

    @inlinable
    package var keys: [Key] { slots.keys }

    @inlinable
    package mutating func add(_ target: Target, for key: Key) {
        guard let slot = slots.count(key) else { return }
        arrived.append(target)
        arrivedSlots.append(slot)
    }

    /// Each owner gets its own copy of a target linked to several owners.
    @inlinable
    package mutating func add<Identity: Hashable>(_ target: Target, for key: Key, identity: Identity, seen: inout [Identity: Int]) {
        add(target, for: key)
    }

    /// Each owner's targets, in fetch order (owners with the same link value share one list).
    /// (Loops, not `map`: unspecialized, as a server engine's load runs, a `map` allocated per element.)
    @inlinable
    package mutating func collected() -> [[Target]] {
        var lists: [[Target]] = []
        lists.reserveCapacity(slots.counts.count)
        for count in slots.counts {
            lists.append([])
            lists[lists.count - 1].reserveCapacity(count)
        }
        var position = 0
        arrived.removeAll { target in
            lists[arrivedSlots[position]].append(target)
            position += 1
        }
        var perOwner: [[Target]] = []
        perOwner.reserveCapacity(slots.ownerSlots.count)
        for slot in slots.ownerSlots { perOwner.append(slot < 0 ? [] : lists[slot]) }
        return perOwner
    }
}

/// Every target once, and which of them each owner gets: a level something is nested under (its targets are the
/// owners of the next level). A target row costs one hash lookup and three appends; nothing is allocated per
/// owner until `collected()`.
@usableFromInline
package struct TargetGrouper<Key: Hashable, Target>: TargetSink {
    @usableFromInline var slots: OwnerSlots<Key>
    /// Every target added, once each.
    @usableFromInline var targets: [Target] = []
    /// Each match's slot and target index, in arrival order.
    @usableFromInline var matchSlots: [Int] = []
    @usableFromInline var matchTargets: [Int] = []

    @inlinable
    package init<Owners: Collection>(_ owners: Owners, key: (Owners.Element) -> Key?) {
        slots = OwnerSlots(owners, key: key)
    }

    @inlinable
    package var keys: [Key] { slots.keys }

    @inlinable
    package mutating func add(_ target: Target, for key: Key) {
        match(targets.count, for: key)
        targets.append(target)
    }

    /// Keeps `target` once, however many owners it comes for.
    @inlinable
    package mutating func add<Identity: Hashable>(_ target: Target, for key: Key, identity: Identity, seen: inout [Identity: Int]) {
        if let index = seen[identity] {
            match(index, for: key)
        } else {
            seen[identity] = targets.count
            add(target, for: key)
        }
    }

    /// Records that target `index` matches link value `key`; a value no owner has is ignored.
    @inlinable
    mutating func match(_ index: Int, for key: Key) {
        guard let slot = slots.count(key) else { return }
        matchSlots.append(slot)
        matchTargets.append(index)
    }

    /// The targets, and the matches grouped by slot (a counting sort: each slot's targets stay in arrival order).
    @inlinable
    package mutating func collected() -> FetchedGroups<Target> {
        var slotStarts: [Int] = []
        slotStarts.reserveCapacity(slots.counts.count + 1)
        var total = 0
        for count in slots.counts {
            slotStarts.append(total)
            total += count
        }
        slotStarts.append(total)
        var next = slotStarts
        var ordered = [Int](repeating: 0, count: total)
        for (slot, target) in zip(matchSlots, matchTargets) {
            ordered[next[slot]] = target
            next[slot] += 1
        }
        return FetchedGroups(
            targets: targets,
            grouping: TargetGrouping(ownerSlots: slots.ownerSlots, slotStarts: slotStarts, orderedTargets: ordered))
    }
}

/// Which fetched targets each owner gets: what `TargetGrouper` finished with.
@usableFromInline
package struct TargetGrouping: Sendable {
    /// Each owner's slot, -1 for none.
    @usableFromInline let ownerSlots: [Int]
    /// Where each slot's targets start in `orderedTargets`, and (last) their total.
    @usableFromInline let slotStarts: [Int]
    /// Target indexes, slot after slot.
    @usableFromInline let orderedTargets: [Int]

    @usableFromInline
    init(ownerSlots: [Int], slotStarts: [Int], orderedTargets: [Int]) {
        self.ownerSlots = ownerSlots
        self.slotStarts = slotStarts
        self.orderedTargets = orderedTargets
    }

    /// For each owner, the elements of `items` (aligned with the targets) of its targets, in fetch order.
    @inlinable
    package func grouped<Item>(_ items: [Item]) -> [[Item]] {
        // A loop rather than a slice's `map`: unspecialized (a server engine's load is generic over the item), that
        // `map` allocated per element.
        ownerSlots.map { slot in
            guard slot >= 0 else { return [] }
            let positions = slotStarts[slot]..<slotStarts[slot + 1]
            var group: [Item] = []
            group.reserveCapacity(positions.count)
            for position in positions { group.append(items[orderedTargets[position]]) }
            return group
        }
    }
}

/// The targets one eager-loading level fetched, and which of them each owner gets.
@usableFromInline
package struct FetchedGroups<Target> {
    /// Every target fetched, once each.
    @usableFromInline package var targets: [Target]
    /// Which targets each owner gets.
    @usableFromInline package var grouping: TargetGrouping

    /// Targets and each owner's share of them.
    @inlinable
    package init(targets: [Target], grouping: TargetGrouping) {
        self.targets = targets
        self.grouping = grouping
    }

    /// For each owner, the elements of `items` (aligned with `targets`) of its targets.
    @inlinable
    package func grouped<Item>(_ items: [Item]) -> [[Item]] {
        grouping.grouped(items)
    }
}
