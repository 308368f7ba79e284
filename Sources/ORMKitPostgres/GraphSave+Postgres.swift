#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit

// Graph saves (`save(_:with:)`) on PostgreSQL: ORMKit's `GraphChange` decides what is saved and linked, in
// which order and with which keys; the writer here runs each step in the graph's transaction.

extension PostgresExecutor {
    /// See `DatabaseWriter`: in one write transaction on a database, in a savepoint inside a session's.
    public func save<R: Record, each Saved: Sendable>(
        _ record: R, with changes: repeat GraphChange<R, each Saved>
    ) async throws -> (R, (repeat each Saved)) {
        try await atomicWrite("saving a graph", table: R.schema.name) { session in
            let saved = try await record.saved(in: session)
            let writer = PostgresGraphWriter(session: session)
            return (saved, (repeat try await (each changes).applyAsync(writer, saved)))
        }
    }
}

/// Runs a graph save's steps in one session: what ORMKit's `GraphChange` calls for each child.
struct PostgresGraphWriter: RelationGraphWriter {
    let session: PostgresSession

    func save<R: Record>(_ record: R) async throws -> R {
        try await record.saved(in: session)
    }

    func link<O: Record, T: Record, L: Sendable, K: RelationKind>(
        _ relation: Relation<O, T, L, K>, owner: O, target: T
    ) async throws {
        let join = try PostgresJoinTable(relation, ownerKey: relation.ownerBound(owner))
        try await join.attach(in: session, [try join.key(of: target, relation)])
    }
}
#endif
