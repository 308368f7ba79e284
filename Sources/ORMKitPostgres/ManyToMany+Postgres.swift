#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import ORMSchema
import PostgresNIO

// Many-to-many members on PostgreSQL (`book.readers`, `list.books`): the same fetches and membership writes as
// on SQLite. Several targets travel as one array parameter (`unnest($2)`, `= ANY($2)`): one statement whatever
// their number; keys of a kind without an array type (NUMERIC) take one statement per target.

extension PostgresExecutor {
    /// See `DatabaseWriter`: all or nothing (a savepoint inside a session's transaction).
    public func change<Owner: Record, Target: Record, Kind: ManyToManyRelationKind>(
        _ members: ManyToManyMembers<Owner, Target, Kind>, _ change: MembershipChange<Target>
    ) async throws {
        let relation = members.relation
        let join = try PostgresJoinTable(relation, ownerKey: members.owner)
        switch change {
        case .attach(let targets):
            let keys = try targets.map { try join.key(of: $0, relation) }
            guard !keys.isEmpty else { return }
            try await atomicWrite("attach", table: join.name) { try await join.attach(in: $0, keys) }
        case .detach(let targets):
            let keys = try targets.map { try join.key(of: $0, relation) }
            guard !keys.isEmpty else { return }
            try await atomicWrite("detach", table: join.name) { try await join.detach(in: $0, keys) }
        case .set(let targets):
            let keys = try targets.map { try join.key(of: $0, relation) }
            try await atomicWrite("set", table: join.name) { session in
                try await join.detachAll(in: session)
                if !keys.isEmpty { try await join.attach(in: session, keys) }
            }
        }
    }

    /// See `DatabaseWriter`.
    public func reorder<Owner: Record, Target: Record>(
        _ members: ManyToManyMembers<Owner, Target, OrderedManyToManyKind>, _ change: ListChange<Owner, Target>
    ) async throws {
        let relation = members.relation
        let join = try PostgresJoinTable(relation, ownerKey: members.owner)
        let position = try join.join.requirePosition(relation)
        let ownerKey = members.owner.wireForm
        switch change {
        case .insert(let target, let end):
            let key = try join.key(of: target, relation)
            let edge = end == .top ? "COALESCE(MIN(\(position)), 1) - 1" : "COALESCE(MAX(\(position)), -1) + 1"
            let sql = "INSERT INTO \(join.table) (\(join.owner), \(join.target), \(position)) VALUES ($1, $2, "
                + "(SELECT \(edge) FROM \(join.table) WHERE \(join.owner) = $1)) "
                + "ON CONFLICT (\(join.owner), \(join.target)) DO UPDATE SET \(position) = EXCLUDED.\(position)"
            try await atomicWrite("insert", table: join.name) { try await $0.run(sql, [ownerKey, key], table: join.name) { _ in } }
        case .move(let target, let index):
            let key = try join.key(of: target, relation)
            let relationName = relation.name
            try await atomicWrite("move", table: join.name) { session in
                let select = "SELECT \(join.target) FROM \(join.table) WHERE \(join.owner) = $1 ORDER BY \(position), \(join.target)"
                var keys = try await session.fetchAll(select, [ownerKey]) { try $0.value(at: 0) }
                guard let current = keys.firstIndex(of: key) else {
                    throw DatabaseError(kind: .misuse, message: "the record is not a member of relation '\(relationName)'", table: join.name)
                }
                keys.remove(at: current)
                keys.insert(key, at: Swift.min(Swift.max(index, 0), keys.count))
                try await join.renumber(in: session, keys, position: position)
            }
        }
    }
}

/// A join table's membership writes on PostgreSQL: several targets travel as one array parameter.
struct PostgresJoinTable: Sendable {
    /// The names and checks every engine shares.
    let join: JoinTable
    /// The owner's key as the join table stores it.
    let ownerKey: WireValue

    var name: String { join.name }
    var table: String { join.table }
    var owner: String { join.owner }
    var target: String { join.target }
    var position: String? { join.position }

    /// The join table of `relation`, for the owner whose key is `ownerKey`.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the relation is not a many-to-many one or the owner has no key.
    init<O, T, L, K>(_ relation: Relation<O, T, L, K>, ownerKey: BoundValue) throws {
        join = try JoinTable(relation, ownerKey: ownerKey)
        self.ownerKey = ownerKey.wireForm
    }

    /// The key of `record` as the join table stores it.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the record has no key yet.
    func key<O, T, L, K>(of record: T, _ relation: Relation<O, T, L, K>) throws -> WireValue {
        try join.key(of: record, relation).wireForm
    }

    /// Links `keys` (not empty) to the owner, skipping existing links; ordered relations append them in order.
    ///
    /// - Throws: `DatabaseError`.
    func attach(in session: PostgresSession, _ keys: [WireValue]) async throws {
        if PostgresBindings.canBindArray(keys) {
            var bindings = try PostgresBindings(wire: [ownerKey])
            try bindings.append(array: keys)
            let sql = if let position {
                "INSERT INTO \(table) (\(owner), \(target), \(position)) SELECT $1, linked.member, "
                    + "(SELECT COALESCE(MAX(\(position)), -1) FROM \(table) WHERE \(owner) = $1) + linked.ordinal "
                    + "FROM unnest($2) WITH ORDINALITY AS linked(member, ordinal) ON CONFLICT DO NOTHING"
            } else {
                "INSERT INTO \(table) (\(owner), \(target)) SELECT $1, linked.member FROM unnest($2) AS linked(member) ON CONFLICT DO NOTHING"
            }
            try await session.run(sql, bindings: bindings, table: name) { _ in }
            return
        }
        let sql = if let position {
            "INSERT INTO \(table) (\(owner), \(target), \(position)) VALUES ($1, $2, "
                + "(SELECT COALESCE(MAX(\(position)), -1) + 1 FROM \(table) WHERE \(owner) = $1)) ON CONFLICT DO NOTHING"
        } else {
            "INSERT INTO \(table) (\(owner), \(target)) VALUES ($1, $2) ON CONFLICT DO NOTHING"
        }
        for key in keys { try await session.run(sql, [ownerKey, key], table: name) { _ in } }
    }

    /// Unlinks `keys` (not empty) from the owner.
    ///
    /// - Throws: `DatabaseError`.
    func detach(in session: PostgresSession, _ keys: [WireValue]) async throws {
        if PostgresBindings.canBindArray(keys) {
            var bindings = try PostgresBindings(wire: [ownerKey])
            try bindings.append(array: keys)
            let sql = "DELETE FROM \(table) WHERE \(owner) = $1 AND \(target) = ANY($2)"
            try await session.run(sql, bindings: bindings, table: name) { _ in }
            return
        }
        let sql = "DELETE FROM \(table) WHERE \(owner) = $1 AND \(target) = $2"
        for key in keys { try await session.run(sql, [ownerKey, key], table: name) { _ in } }
    }

    /// Unlinks every member of the owner.
    ///
    /// - Throws: `DatabaseError`.
    func detachAll(in session: PostgresSession) async throws {
        try await session.run("DELETE FROM \(table) WHERE \(owner) = $1", [ownerKey], table: name) { _ in }
    }

    /// Gives the members `keys` (the whole list, in its new order) the positions 0, 1, 2, ….
    ///
    /// - Throws: `DatabaseError`.
    func renumber(in session: PostgresSession, _ keys: [WireValue], position: String) async throws {
        guard !keys.isEmpty else { return }
        if PostgresBindings.canBindArray(keys) {
            var bindings = try PostgresBindings(wire: [ownerKey])
            try bindings.append(array: keys)
            let sql = "UPDATE \(table) SET \(position) = listed.ordinal - 1 FROM unnest($2) WITH ORDINALITY AS listed(member, ordinal) "
                + "WHERE \(table).\(owner) = $1 AND \(table).\(target) = listed.member"
            try await session.run(sql, bindings: bindings, table: name) { _ in }
            return
        }
        let sql = "UPDATE \(table) SET \(position) = $1 WHERE \(owner) = $2 AND \(target) = $3"
        for (offset, key) in keys.enumerated() {
            try await session.run(sql, [.integer(Int64(offset)), ownerKey, key], table: name) { _ in }
        }
    }
}
#endif
