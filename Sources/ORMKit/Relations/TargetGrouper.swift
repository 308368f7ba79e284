/// Collects which fetched targets match which owner link value while eager loading's rows arrive, for any engine.
/// Built from the owners' link values: each distinct value gets a slot once, so a target row costs one hash
/// lookup and two appends, and nothing is allocated per owner until `finished()`.
@usableFromInline
package struct TargetGrouper<Key: Hashable> {
    /// The distinct link values of the owners (no NULL), in first-seen order: what the queries ask for.
    @usableFromInline package let keys: [Key]
    /// The slot (index in `keys`) of each distinct link value.
    @usableFromInline let slotByKey: [Key: Int]
    /// Each owner's slot, -1 for an owner whose link value is NULL.
    @usableFromInline let ownerSlots: [Int]
    /// How many matches each slot has.
    @usableFromInline var slotCounts: [Int]
    /// Each match's slot and target index, in arrival order.
    @usableFromInline var matchSlots: [Int] = []
    @usableFromInline var matchTargets: [Int] = []

    /// A grouper for owners whose link values `key` reads (nil for NULL).
    @inlinable
    package init<Owners: Collection>(_ owners: Owners, key: (Owners.Element) -> Key?) {
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
        self.slotCounts = Array(repeating: 0, count: keys.count)
    }

    /// Records that target `index` matches link value `key`; a value no owner has is ignored.
    @inlinable
    package mutating func append(_ index: Int, for key: Key) {
        guard let slot = slotByKey[key] else { return }
        matchSlots.append(slot)
        matchTargets.append(index)
        slotCounts[slot] += 1
    }

    /// The matches grouped by slot (a counting sort: each slot's targets stay in arrival order).
    @inlinable
    package func finished() -> TargetGrouping {
        var slotStarts: [Int] = []
        slotStarts.reserveCapacity(slotCounts.count + 1)
        var total = 0
        for count in slotCounts {
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
        return TargetGrouping(ownerSlots: ownerSlots, slotStarts: slotStarts, orderedTargets: ordered)
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
