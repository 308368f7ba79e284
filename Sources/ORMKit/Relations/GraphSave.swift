/// Related records to save together with their owner, in `Record.save(_:with:)`: built by a relation's
/// `saving(_:)`.
///
/// ```swift
/// var author = Author(name: "Ann", email: "ann@example.org")
/// try author.save(db, with:
///     Author.books.saving([dune, emma]),
///     Author.profile.saving(AuthorProfile(links: [:], authorID: 0)))
/// ```
public struct GraphChange<Owner: Record>: Sendable {
    /// Saves the related records of `owner` (already saved, so its key is known).
    let apply: @Sendable (Connection, Owner) throws -> Void
}

extension Relation {
    /// The targets to save with the owner: `hasMany`/`hasOne` targets get the owner's key in their foreign
    /// key and are saved (inserted, or updated when their key exists); `manyToMany` targets are saved, then
    /// linked to the owner (appended, for ordered relations).
    public func saving(_ targets: [Target]) -> GraphChange<Owner> where Loaded == [Target] {
        GraphChange { conn, owner in
            for target in targets { try save(target, changes: [], of: owner, conn) }
        }
    }

    /// One target to save with the owner, with its own related records: see `saving(_:)`.
    ///
    /// ```swift
    /// try author.save(db, with: Author.books.saving(dune, with: Book.readers.saving([ged])))
    /// ```
    public func saving(_ target: Target, with changes: GraphChange<Target>...) -> GraphChange<Owner> where Loaded == [Target] {
        GraphChange { conn, owner in try save(target, changes: changes, of: owner, conn) }
    }

    /// The `hasOne` target to save with the owner, with its own related records: see `saving(_:)`. (A
    /// `belongsTo` parent is saved on its own, before the child that references it.)
    public func saving(_ target: Target, with changes: GraphChange<Target>...) -> GraphChange<Owner> where Kind == HasOneKind {
        GraphChange { conn, owner in try save(target, changes: changes, of: owner, conn) }
    }

    private func save(_ target: Target, changes: [GraphChange<Target>], of owner: Owner, _ conn: Connection) throws {
        var target = target
        switch link {
        case .direct:
            guard let assign = assignOwnerKey else {
                throw DatabaseError(
                    kind: .misuse, message: "relation '\(name)' is a belongsTo; save the parent first and set the foreign key",
                    table: Owner.schema.name)
            }
            guard assign(&target, owner) else {
                throw DatabaseError(kind: .misuse, message: "the \(Owner.schema.name) record has no key", table: Owner.schema.name)
            }
            try target.save(conn)
        case .through:
            try target.save(conn)
            try ManyToManyRecords(ManyToMany<Owner, Target>(self), owner: owner).attach(conn, target)
        }
        for change in changes { try change.apply(conn, target) }
    }
}

extension Relation {
    /// The same relation, typed as many-to-many (for the join-table writes of `saving`, which only reaches
    /// them for a `manyToMany` relation).
    fileprivate init<OtherLoaded: Sendable, OtherKind: RelationKind>(_ other: Relation<Owner, Target, OtherLoaded, OtherKind>)
    where Loaded == [Target], Kind == ManyToManyKind {
        self.schema = other.schema
        self.ownerValue = other.ownerValue
        self.targetValue = other.targetValue
        self.assignOwnerKey = other.assignOwnerKey
        self.shape = { $0 }
    }
}

extension Record {
    /// Saves the record and the related records in `changes` (and theirs, nested) in one transaction (a
    /// savepoint inside an open one): the record first, so its generated key fills the children's foreign
    /// keys. When anything fails, nothing of the graph is kept.
    ///
    /// ```swift
    /// var author = Author(name: "Ann", email: "ann@example.org")
    /// try author.save(db, with: Author.books.saving([dune, emma]))
    /// ```
    ///
    /// The record gets its assigned id; fetch the children back through the relation (`author.books`).
    ///
    /// - Throws: `DatabaseError` (constraint violations, `.misuse` for an unsaved owner), after rolling
    ///   back the whole graph.
    public mutating func save(_ db: some DatabaseContext, with changes: GraphChange<Self>...) throws {
        var record = self
        try db.inTransaction { conn in
            try record.save(conn)
            for change in changes { try change.apply(conn, record) }
        }
        self = record
    }
}
