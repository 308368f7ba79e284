// What server engines (ORMKitPostgres) plug into eager loading and graph saves: the relation logic (grouping,
// shaping, nesting, which child gets which key) stays here for every engine; the engine only runs SQL.

/// A server engine's session as eager loading uses it: runs one relation level's SELECT for a set of owners.
/// ORMKitPostgres implements it.
@usableFromInline
package protocol RelationTargetFetcher {
    /// Runs the SELECT of `relation`'s targets (with its filter and order) for the owners whose link values are
    /// `keys` (distinct, none NULL) and calls `body` with each row as it arrives: the target's columns in
    /// `Target.schema.columns` order, then, through a join table, the owner's link value.
    ///
    /// The rows go to `body` rather than into a sink here, so that decoding and grouping stay in ORMKit's inlinable
    /// code, specialized for the relation's records in the app (generic through this protocol, each row paid two
    /// type-metadata lookups and an unspecialized dictionary lookup: about 1,000 instructions).
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    func forEachTargetRow<O: Record, T: Record, L: Sendable, K: RelationKind>(
        of relation: Relation<O, T, L, K>, keys: [WireValue], _ body: (WireRow) throws -> Void
    ) async throws
}

/// A server engine's write session as graph saves use it. ORMKitPostgres implements it.
package protocol RelationGraphWriter {
    /// Saves `record` (updates the row with its key, or inserts it) and returns it as saved, with its assigned key.
    ///
    /// - Throws: `DatabaseError`.
    func save<R: Record>(_ record: R) async throws -> R

    /// Links `target` to `owner` through the join table of `relation` (a `manyToMany`; at the bottom of an ordered
    /// one); an existing link stays as it is.
    ///
    /// - Throws: `DatabaseError`.
    func link<O: Record, T: Record, L: Sendable, K: RelationKind>(_ relation: Relation<O, T, L, K>, owner: O, target: T) async throws
}

extension Relation {
    /// Eager loading on a server engine: the targets of `owners`, shaped for each owner.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` for a required `belongsTo` whose parent is missing).
    @inlinable
    func loadTargets(_ fetcher: any RelationTargetFetcher, owners: [Owner]) async throws -> [Loaded] {
        try await fetchTargets(fetcher, owners: owners, into: TargetLists<WireValue, Target>.self).map(shape)
    }

    /// Nested eager loading on a server engine: the targets of `owners`, each with what `inner` loads for it.
    ///
    /// - Throws: `DatabaseError`.
    @inlinable
    func loadTargets<InnerLoaded: Sendable, Shaped>(
        _ fetcher: any RelationTargetFetcher, owners: [Owner], nesting inner: Including<Target, InnerLoaded>,
        shape: ([Related<Target, InnerLoaded>]) throws -> Shaped
    ) async throws -> [Shaped] {
        let fetched = try await fetchTargets(fetcher, owners: owners, into: TargetGrouper<WireValue, Target>.self)
        let loaded = fetched.targets.isEmpty ? [] : try await inner.loadAsync(fetcher, fetched.targets)
        let related = zip(fetched.targets, loaded).map { Related(record: $0, related: $1) }
        return try fetched.grouped(related).map(shape)
    }

    /// The targets of `owners`, put into a `Sink` as the fetcher's rows arrive.
    ///
    /// - Throws: `DatabaseError`.
    @inlinable
    func fetchTargets<Sink: TargetSink<WireValue, Target>>(
        _ fetcher: any RelationTargetFetcher, owners: [Owner], into _: Sink.Type
    ) async throws -> Sink.Collected {
        var sink = Sink(owners) { owner in
            let key = ownerBound(owner).wireForm
            return key.isNull ? nil : key
        }
        guard !sink.keys.isEmpty else { return sink.collected() }
        if goesThroughJoinTable {
            // A target comes once per owner it is linked to; the owner's link value follows its columns.
            var seen: [WireValue: Int] = [:]
            let ownerColumn = Int32(Target.schema.columns.count)
            try await fetcher.forEachTargetRow(of: self, keys: sink.keys) { row in
                let target = try Target.decodeRecord(row)
                sink.add(target, for: try row.value(at: ownerColumn), identity: targetBound(target).wireForm, seen: &seen)
            }
        } else {
            try await fetcher.forEachTargetRow(of: self, keys: sink.keys) { row in
                let target = try Target.decodeRecord(row)
                sink.add(target, for: targetBound(target).wireForm)
            }
        }
        return sink.collected()
    }
}
