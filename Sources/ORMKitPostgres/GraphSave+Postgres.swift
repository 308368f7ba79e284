#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit

// Graph saves (`save(_:with:)`) on PostgreSQL: ORMKit's `GraphChange` decides what is saved and linked, in
// which order and with which keys; the writer here runs each step in the graph's transaction.

extension Record {
    /// Saves the record and the related records in `changes` (and theirs, nested) all or nothing: in one write
    /// transaction on a database, in a savepoint inside a session's transaction. The record first, so its
    /// generated key fills the children's foreign keys; then each change in order, each child before its own
    /// changes. The record gets its assigned id, and the children come back as saved: one value per change (a
    /// tuple for several).
    ///
    /// ```swift
    /// var author = Author(name: "Ann", email: "ann@example.org")
    /// let (books, profile) = try await author.save(db, with:
    ///     Author.books.saving([dune, emma]),
    ///     Author.profile.saving { AuthorProfile(links: [:], authorID: $0) })
    /// ```
    ///
    /// - Throws: `DatabaseError` (constraint violations, `.misuse` for a closure taking another key type or an
    ///   unsaved many-to-many target), after rolling back the whole graph; the record is unchanged then.
    @discardableResult
    public mutating func save<each Saved: Sendable>(
        _ db: some PostgresExecutor, with changes: repeat GraphChange<Self, each Saved>
    ) async throws -> (repeat each Saved) {
        let record = self
        let (saved, children) = try await db.atomicWrite("saving a graph", table: Self.schema.name) { session in
            let saved = try await record.saved(in: session)
            let writer = PostgresGraphWriter(session: session)
            return (saved, (repeat try await (each changes).applyAsync(writer, saved)))
        }
        self = saved
        return children
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
        let join = try PostgresJoinTable(relation, ownerKey: relation.ownerWireValue(owner))
        try await join.attach(in: session, [try join.key(of: target, relation)])
    }
}
#endif
