/// Related records to save together with their owner, in `Record.save(_:with:)`: built by a relation's
/// `saving(_:)`. `Saved` is what the change gives back once saved: the children as stored (with their
/// generated ids and foreign keys).
///
/// ```swift
/// var author = Author(name: "Ann", email: "ann@example.org")
/// let (books, profile) = try author.save(db, with:
///     Author.books.saving([dune, emma]),
///     Author.profile.saving { AuthorProfile(links: [:], authorID: $0) })
/// ```
public struct GraphChange<Owner: Record, Saved>: Sendable {
    /// Saves the related records of `owner` (already saved, so its key is known) and returns them as saved.
    let apply: @Sendable (Connection, Owner) throws -> Saved
    /// The same on a server engine (PostgreSQL), through its write session.
    package let applyAsync: @Sendable (any RelationGraphWriter, Owner) async throws -> Saved
}

extension Relation {
    /// The targets to save with the owner: `hasMany` targets get the owner's key in their foreign key and are
    /// saved (inserted, or updated when their key exists); `manyToMany` targets are saved, then linked to the
    /// owner (appended, for ordered relations). Gives back the targets as saved, in the same order.
    public func saving(_ targets: [Target]) -> GraphChange<Owner, [Target]> where Loaded == [Target] {
        GraphChange(
            apply: { conn, owner in try targets.map { try save($0, of: owner, conn) } },
            applyAsync: { writer, owner in
                var saved: [Target] = []
                saved.reserveCapacity(targets.count)
                for target in targets { saved.append(try await save(target, of: owner, writer)) }
                return saved
            }
        )
    }

    /// One target to save with the owner: see `saving(_:)`. Gives back the target as saved.
    public func saving(_ target: Target) -> GraphChange<Owner, Target> where Loaded == [Target] {
        savingOne(target)
    }

    /// One target to save with the owner, with its own related records: see `saving(_:)`. Gives back the
    /// target as saved, with what its changes gave back (`related`; a tuple for several changes).
    ///
    /// ```swift
    /// let odes = try author.save(db, with: Author.books.saving(odes, with: Book.readers.saving([ged])))
    /// // odes.record is the saved book, odes.related its saved readers
    /// ```
    public func saving<each Saved>(_ target: Target, with changes: repeat GraphChange<Target, each Saved>)
        -> GraphChange<Owner, Related<Target, (repeat each Saved)>> where Loaded == [Target]
    {
        savingOne(target, with: repeat each changes)
    }

    /// The `hasOne` target to save with the owner (it gets the owner's key in its foreign key). Gives back the
    /// target as saved. (A `belongsTo` parent is saved on its own, before the child that references it.)
    public func saving(_ target: Target) -> GraphChange<Owner, Target> where Kind == HasOneKind {
        savingOne(target)
    }

    /// The `hasOne` target to save with the owner, with its own related records: see `saving(_:with:)` of
    /// to-many relations.
    public func saving<each Saved>(_ target: Target, with changes: repeat GraphChange<Target, each Saved>)
        -> GraphChange<Owner, Related<Target, (repeat each Saved)>> where Kind == HasOneKind
    {
        savingOne(target, with: repeat each changes)
    }

    /// The owner's key, for a child built from it: what `build` closures of `saving` receive.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the owner has no key or the closure takes another type.
    private func childKey<Key>(of owner: Owner, as type: Key.Type) throws -> Key {
        guard let value = ownerKeyValue?(owner) else {
            throw DatabaseError(kind: .misuse, message: "the \(Owner.schema.name) record has no key", table: Owner.schema.name)
        }
        guard let key = value as? Key else {
            throw DatabaseError(
                kind: .misuse,
                message: "relation '\(name)' passes its owner's key as \(Swift.type(of: value)), but the closure takes \(Key.self)",
                table: Owner.schema.name)
        }
        return key
    }

    /// The change that saves `target` (`hasMany`, `hasOne`, `manyToMany`).
    private func savingOne(_ target: Target) -> GraphChange<Owner, Target> {
        GraphChange(
            apply: { conn, owner in try save(target, of: owner, conn) },
            applyAsync: { writer, owner in try await save(target, of: owner, writer) }
        )
    }

    /// The change that saves `target`, then applies `changes` to it.
    private func savingOne<each Saved>(
        _ target: Target, with changes: repeat GraphChange<Target, each Saved>
    ) -> GraphChange<Owner, Related<Target, (repeat each Saved)>> {
        GraphChange(
            apply: { conn, owner in
                let saved = try save(target, of: owner, conn)
                return Related(record: saved, related: (repeat try (each changes).apply(conn, saved)))
            },
            applyAsync: { writer, owner in
                let saved = try await save(target, of: owner, writer)
                return Related(record: saved, related: (repeat try await (each changes).applyAsync(writer, saved)))
            }
        )
    }

    /// The change that builds one child from the owner's key and saves it (`hasMany` and `hasOne`).
    fileprivate func changeBuilding<Key>(_ build: @escaping @Sendable (Key) -> Target) -> GraphChange<Owner, Target> {
        GraphChange(
            apply: { conn, owner in try saveBuilt({ [build($0)] }, of: owner, conn)[0] },
            applyAsync: { writer, owner in try await save(build(try childKey(of: owner, as: Key.self)), of: owner, writer) }
        )
    }

    /// The change that builds one child from the owner's key, saves it, then applies `changes` to it.
    fileprivate func changeBuilding<Key, each Saved>(
        _ build: @escaping @Sendable (Key) -> Target, with changes: repeat GraphChange<Target, each Saved>
    ) -> GraphChange<Owner, Related<Target, (repeat each Saved)>> {
        GraphChange(
            apply: { conn, owner in
                let saved = try saveBuilt({ [build($0)] }, of: owner, conn)[0]
                return Related(record: saved, related: (repeat try (each changes).apply(conn, saved)))
            },
            applyAsync: { writer, owner in
                let saved = try await save(build(try childKey(of: owner, as: Key.self)), of: owner, writer)
                return Related(record: saved, related: (repeat try await (each changes).applyAsync(writer, saved)))
            }
        )
    }

    /// The change that builds children from the owner's key and saves them (`hasMany`).
    fileprivate func changeBuildingAll<Key>(_ build: @escaping @Sendable (Key) -> [Target]) -> GraphChange<Owner, [Target]> {
        GraphChange(
            apply: { conn, owner in try saveBuilt(build, of: owner, conn) },
            applyAsync: { writer, owner in
                var saved: [Target] = []
                for target in build(try childKey(of: owner, as: Key.self)) { saved.append(try await save(target, of: owner, writer)) }
                return saved
            }
        )
    }

    /// Builds the children of `owner` from its key and saves them.
    fileprivate func saveBuilt<Key>(_ build: (Key) -> [Target], of owner: Owner, _ conn: Connection) throws -> [Target] {
        try build(try childKey(of: owner, as: Key.self)).map { try save($0, of: owner, conn) }
    }

    /// Saves `target` for `owner` (setting its foreign key, or linking it through the join table) and returns
    /// it as saved.
    private func save(_ target: Target, of owner: Owner, _ conn: Connection) throws -> Target {
        var target = target
        switch link {
        case .direct:
            try assignKey(of: owner, to: &target)
            try target.save(conn)
        case .through:
            try target.save(conn)
            try ManyToManyRecords(ManyToMany<Owner, Target>(self), owner: owner).attach(conn, target)
        }
        return target
    }

    /// `save(_:of:_:)` on a server engine: the same steps through `writer`.
    private func save(_ target: Target, of owner: Owner, _ writer: any RelationGraphWriter) async throws -> Target {
        switch link {
        case .direct:
            var target = target
            try assignKey(of: owner, to: &target)
            return try await writer.save(target)
        case .through:
            let saved = try await writer.save(target)
            try await writer.link(self, owner: owner, target: saved)
            return saved
        }
    }

    /// Sets the owner's key in the foreign key of `target` (`hasMany`, `hasOne`).
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for a `belongsTo` relation or an owner without a key.
    private func assignKey(of owner: Owner, to target: inout Target) throws {
        guard let assign = assignOwnerKey else {
            throw DatabaseError(
                kind: .misuse, message: "relation '\(name)' is a belongsTo; save the parent first and set the foreign key",
                table: Owner.schema.name)
        }
        guard assign(&target, owner) else {
            throw DatabaseError(kind: .misuse, message: "the \(Owner.schema.name) record has no key", table: Owner.schema.name)
        }
    }
}

extension Relation where Kind == HasManyKind {
    /// Children built from the owner's key once the owner is saved: no placeholder foreign key, and a closure
    /// is not a record, so it cannot be saved alone. The foreign key is set from the owner either way.
    ///
    /// ```swift
    /// var author = Author(name: "Ann", email: "ann@example.org")
    /// let books = try author.save(db, with: Author.books.saving { authorID in
    ///     [Book(isbn: "0441013597", title: "Dune", authorID: authorID), Book(isbn: "0141439580", title: "Emma", authorID: authorID)]
    /// })
    /// ```
    ///
    /// `build` takes the type of the foreign-key field (`Int64`, or `Int64?` for an optional one); another type
    /// throws `DatabaseError` (`.misuse`) when the graph is saved.
    public func saving<Key>(_ build: @escaping @Sendable (Key) -> [Target]) -> GraphChange<Owner, [Target]> {
        changeBuildingAll(build)
    }

    /// One child built from the owner's key: see `saving(_:)` with an array-building closure.
    public func saving<Key>(_ build: @escaping @Sendable (Key) -> Target) -> GraphChange<Owner, Target> {
        changeBuilding(build)
    }

    /// One child built from the owner's key, with its own related records: `Author.books.saving({ Book(…, authorID: $0) },
    /// with: Book.readers.saving([ged]))`.
    public func saving<Key, each Saved>(_ build: @escaping @Sendable (Key) -> Target, with changes: repeat GraphChange<Target, each Saved>)
        -> GraphChange<Owner, Related<Target, (repeat each Saved)>>
    {
        changeBuilding(build, with: repeat each changes)
    }
}

extension Relation where Kind == HasOneKind {
    /// The `hasOne` child built from the owner's key once the owner is saved:
    /// `Author.profile.saving { AuthorProfile(biography: "…", links: [:], authorID: $0) }`. See `HasMany`'s `saving(_:)`.
    public func saving<Key>(_ build: @escaping @Sendable (Key) -> Target) -> GraphChange<Owner, Target> {
        changeBuilding(build)
    }

    /// The `hasOne` child built from the owner's key, with its own related records.
    public func saving<Key, each Saved>(_ build: @escaping @Sendable (Key) -> Target, with changes: repeat GraphChange<Target, each Saved>)
        -> GraphChange<Owner, Related<Target, (repeat each Saved)>>
    {
        changeBuilding(build, with: repeat each changes)
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
        self.ownerBound = other.ownerBound
        self.targetBound = other.targetBound
        self.assignOwnerKey = other.assignOwnerKey
        self.ownerKeyValue = other.ownerKeyValue
        self.shape = { $0 }
    }
}

extension Record {
    /// Saves the record and the related records in `changes` (and theirs, nested) in one transaction (a
    /// savepoint inside an open one): the record first, so its generated key fills the children's foreign
    /// keys. When anything fails, nothing of the graph is kept. The record gets its assigned id, and the
    /// children come back as saved, with theirs: one value per change (a tuple for several).
    ///
    /// ```swift
    /// var author = Author(name: "Ann", email: "ann@example.org")
    /// let (books, profile) = try author.save(db, with: Author.books.saving([dune, emma]), Author.profile.saving(profile))
    /// // books[0].id, profile.id are set
    /// ```
    ///
    /// - Throws: `DatabaseError` (constraint violations, `.misuse` for an unsaved owner), after rolling
    ///   back the whole graph.
    @discardableResult
    public mutating func save<each Saved>(
        _ db: Connection, with changes: repeat GraphChange<Self, each Saved>
    ) throws -> (repeat each Saved) {
        var record = self
        let saved = try db.inTransaction { conn in
            try record.save(conn)
            return (repeat try (each changes).apply(conn, record))
        }
        self = record
        return saved
    }
}
