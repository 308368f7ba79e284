// What server engines (ORMKitPostgres) plug into eager loading and graph saves: the relation logic (grouping,
// shaping, nesting, which child gets which key) stays here for every engine; the engine only runs SQL.

/// A server engine's session as eager loading uses it: fetches one relation level's targets for a set of owners.
/// ORMKitPostgres implements it.
@usableFromInline
package protocol RelationTargetFetcher {
    /// The targets of `owners` through `relation` (with its filter and order), put into a `Sink` as they arrive:
    /// each owner's list (`TargetLists`), or each target once with each owner's share (`TargetGrouper`).
    ///
    /// - Throws: `DatabaseError`.
    func targets<O: Record, T: Record, L: Sendable, K: RelationKind, Sink: TargetSink<WireValue, T>>(
        of relation: Relation<O, T, L, K>, for owners: [O], into sink: Sink.Type
    ) async throws -> Sink.Collected
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
    @usableFromInline
    func loadTargets(_ fetcher: any RelationTargetFetcher, owners: [Owner]) async throws -> [Loaded] {
        try await fetcher.targets(of: self, for: owners, into: TargetLists<WireValue, Target>.self).map(shape)
    }

    /// Nested eager loading on a server engine: the targets of `owners`, each with what `inner` loads for it.
    ///
    /// - Throws: `DatabaseError`.
    @usableFromInline
    func loadTargets<InnerLoaded: Sendable, Shaped>(
        _ fetcher: any RelationTargetFetcher, owners: [Owner], nesting inner: Including<Target, InnerLoaded>,
        shape: ([Related<Target, InnerLoaded>]) throws -> Shaped
    ) async throws -> [Shaped] {
        let fetched = try await fetcher.targets(of: self, for: owners, into: TargetGrouper<WireValue, Target>.self)
        let loaded = fetched.targets.isEmpty ? [] : try await inner.loadAsync(fetcher, fetched.targets)
        let related = zip(fetched.targets, loaded).map { Related(record: $0, related: $1) }
        return try fetched.grouped(related).map(shape)
    }
}
