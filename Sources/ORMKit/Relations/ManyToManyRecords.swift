import ORMSchema

/// The targets of one owner through a `manyToMany` relation (`ManyToManyRecords`, or `OrderedManyToManyRecords`
/// for an ordered one): a request (fetch, filter, count, paginate) plus
/// the writes that change the membership. Generated instance accessors return it (`book.readers`).
///
/// ```swift
/// try book.readers.attach(db, [ged, tenar])
/// try book.readers.detach(db, [ged])
/// let names = try book.readers.order(Reader.name).fetchAll(db)
/// ```
///
/// For a relation declared `ordered: true` (a list, `OrderedManyToManyRecords`), `fetchAll` returns the
/// members in list order, `insert(_:_:at:)` and `move(_:_:to:)` exist, and `set(_:_:)` keeps the order given;
/// `attach` appends at the bottom. Every write runs in one transaction (a savepoint inside an open one).
/// Owner and targets must be saved: their keys are what the join table stores.
public struct ManyToManyMembers<Owner: Record, Target: Record, Kind: ManyToManyRelationKind>: Sendable {
    /// The relation followed.
    public let relation: Relation<Owner, Target, [Target], Kind>
    /// The owner's key value, bound in the join table's statements.
    package let owner: BoundValue
    /// The owner's key value as SQLite stores it in the join table.
    private var ownerKey: DatabaseValue { owner.storageForm }

    /// The members of `owner` through `relation`. Called by generated code.
    public init(_ relation: Relation<Owner, Target, [Target], Kind>, owner: Owner) {
        self.relation = relation
        self.owner = relation.ownerBound(owner)
    }

    /// The request for the members (in list order for ordered relations).
    public var request: QueryRequest<Target> {
        relation.request(ownerKey: self.owner)
    }

    /// Every member (in list order for ordered relations).
    ///
    /// - Throws: `DatabaseError`.
    public func fetchAll(_ db: Connection) throws -> [Target] { try request.fetchAll(db) }

    /// The first member, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func fetchOne(_ db: Connection) throws -> Target? { try request.fetchOne(db) }

    /// The number of members.
    ///
    /// - Throws: `DatabaseError`.
    public func count(_ db: Connection) throws -> Int { try request.count(db) }

    /// The members matching `predicate`, as a request.
    public func filter<E: TypedExpression>(_ predicate: E) -> QueryRequest<Target> where E.Value == Bool {
        request.filter(predicate)
    }

    /// The members sorted by `terms` (replacing the list order), as a request.
    public func order(_ terms: any OrderingTerm...) -> QueryRequest<Target> {
        var request = request
        request.orderings = terms.map(\.ordering)
        return request
    }

    // MARK: Writes

    /// Links `targets` to the owner; members already linked are left where they are. Ordered relations
    /// append new members at the bottom, in the order given.
    ///
    /// - Throws: `DatabaseError`: (`.misuse`) when the owner or a target has no key yet; a foreign-key
    ///   violation when one is not in the database.
    public func attach(_ db: Connection, _ targets: [Target]) throws {
        let join = try JoinTable(relation, ownerKey: owner)
        let sql = if let position = join.position {
            "INSERT INTO \(join.table) (\(join.owner), \(join.target), \(position)) VALUES (?1, ?2, "
                + "(SELECT COALESCE(MAX(\(position)), -1) + 1 FROM \(join.table) WHERE \(join.owner) = ?1)) ON CONFLICT DO NOTHING"
        } else {
            "INSERT INTO \(join.table) (\(join.owner), \(join.target)) VALUES (?1, ?2) ON CONFLICT DO NOTHING"
        }
        try write(db) { conn in
            for target in targets {
                try conn.run(sql: sql, arguments: StatementArguments([ownerKey, try join.key(of: target, relation).storageForm]))
            }
        }
    }

    /// Links one target. See `attach(_:_:)` with an array.
    ///
    /// - Throws: `DatabaseError`, as `attach(_:_:)`.
    public func attach(_ db: Connection, _ target: Target) throws {
        try attach(db, [target])
    }

    /// Unlinks `targets` from the owner (the target rows stay); targets that are not members are ignored.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the owner or a target has no key.
    public func detach(_ db: Connection, _ targets: [Target]) throws {
        let join = try JoinTable(relation, ownerKey: owner)
        let sql = "DELETE FROM \(join.table) WHERE \(join.owner) = ? AND \(join.target) = ?"
        try write(db) { conn in
            for target in targets {
                try conn.run(sql: sql, arguments: StatementArguments([ownerKey, try join.key(of: target, relation).storageForm]))
            }
        }
    }

    /// Unlinks one target. See `detach(_:_:)` with an array.
    ///
    /// - Throws: `DatabaseError`, as `detach(_:_:)`.
    public func detach(_ db: Connection, _ target: Target) throws {
        try detach(db, [target])
    }

    /// Makes `targets` the owner's members, replacing the old ones (and, for ordered relations, their order).
    ///
    /// - Throws: `DatabaseError`, as `attach(_:_:)`; nothing changes then.
    public func set(_ db: Connection, _ targets: [Target]) throws {
        let join = try JoinTable(relation, ownerKey: owner)
        try write(db) { conn in
            try conn.run(sql: "DELETE FROM \(join.table) WHERE \(join.owner) = ?", arguments: StatementArguments([ownerKey]))
            try attach(conn, targets)
        }
    }

    /// Where `insert(_:_:at:)` puts a member of an ordered relation.
    public enum ListEnd: Sendable, Hashable {
        /// Before every other member.
        case top
        /// After every other member.
        case bottom
    }

    /// Unlinks `target` from an ordered list (same as `detach`).
    ///
    /// - Throws: `DatabaseError`, as `detach(_:_:)`.
    public func remove(_ db: Connection, _ target: Target) throws {
        try detach(db, [target])
    }

    // MARK: Helpers

    private func write(_ db: Connection, _ body: (Connection) throws -> Void) throws {
        try db.inTransaction { conn in try Target.naming { try body(conn) } }
    }
}

/// The members of one owner through an unordered `manyToMany` relation: what `book.readers` returns.
public typealias ManyToManyRecords<Owner: Record, Target: Record> = ManyToManyMembers<Owner, Target, ManyToManyKind>
/// The members of one owner through an ordered `manyToMany` relation (a list): what `list.books` returns.
public typealias OrderedManyToManyRecords<Owner: Record, Target: Record> = ManyToManyMembers<Owner, Target, OrderedManyToManyKind>

extension ManyToManyMembers where Kind == OrderedManyToManyKind {
    /// Puts `target` at the top or bottom of an ordered list: links it when it is not a member, moves it
    /// when it is.
    ///
    /// - Throws: `DatabaseError`: (`.misuse`) when a key is missing; a foreign-key violation when the target
    ///   is not in the database.
    public func insert(_ db: Connection, _ target: Target, at end: ListEnd = .bottom) throws {
        let join = try JoinTable(relation, ownerKey: owner)
        let position = try join.requirePosition(relation)
        let edge = end == .top ? "COALESCE(MIN(\(position)), 1) - 1" : "COALESCE(MAX(\(position)), -1) + 1"
        let sql = "INSERT INTO \(join.table) (\(join.owner), \(join.target), \(position)) VALUES (?1, ?2, "
            + "(SELECT \(edge) FROM \(join.table) WHERE \(join.owner) = ?1)) "
            + "ON CONFLICT (\(join.owner), \(join.target)) DO UPDATE SET \(position) = excluded.\(position)"
        try write(db) { conn in
            try conn.run(sql: sql, arguments: StatementArguments([ownerKey, try join.key(of: target, relation).storageForm]))
        }
    }

    /// Moves member `target` of an ordered list to `index` (0-based, clamped to the list), shifting the
    /// members in between.
    ///
    /// - Throws: `DatabaseError`: (`.misuse`) when a key is missing or `target` is not a member.
    public func move(_ db: Connection, _ target: Target, to index: Int) throws {
        let join = try JoinTable(relation, ownerKey: owner)
        let position = try join.requirePosition(relation)
        let targetKey = try join.key(of: target, relation).storageForm
        try write(db) { conn in
            var keys = try DatabaseValue.fetchAll(
                conn,
                sql: "SELECT \(join.target) FROM \(join.table) WHERE \(join.owner) = ? ORDER BY \(position), \"rowid\"",
                arguments: StatementArguments([ownerKey]))
            guard let current = keys.firstIndex(of: targetKey) else {
                throw DatabaseError(
                    kind: .misuse, message: "the record is not a member of relation '\(relation.name)'", table: join.name)
            }
            keys.remove(at: current)
            keys.insert(targetKey, at: Swift.min(Swift.max(index, 0), keys.count))
            let update = "UPDATE \(join.table) SET \(position) = ? WHERE \(join.owner) = ? AND \(join.target) = ?"
            for (offset, key) in keys.enumerated() {
                try conn.run(sql: update, arguments: StatementArguments([.integer(Int64(offset)), ownerKey, key]))
            }
        }
    }
}
