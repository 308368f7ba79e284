/// Something eager loading can follow from `Owner` records: a `Relation`, or an `Including` built by nesting
/// relations (`Author.books.including(Book.readers)`).
public protocol Includable<Owner, Loaded>: Sendable {
    /// The records the relation starts from.
    associatedtype Owner: Record
    /// What is attached to each owner.
    associatedtype Loaded: Sendable
    /// The loading step. ORMKit builds it; apps pass relations and `Including` values to `including(_:)`.
    var eagerLoad: Including<Owner, Loaded> { get }
}

/// One eager-loading step: given owners, fetches what each one gets in a constant number of queries
/// (one per relation level, more only when the keys exceed SQLite's bound-variable limit).
public struct Including<Owner: Record, Loaded: Sendable>: Includable {
    /// Loads, for each owner, what it gets; the result is aligned with `owners`.
    @usableFromInline let load: @Sendable (Connection, [Owner]) throws -> [Loaded]
    /// The same on a server engine (PostgreSQL): the engine's session fetches each level's targets.
    @usableFromInline package let loadAsync: @Sendable (any RelationTargetFetcher, [Owner]) async throws -> [Loaded]

    @usableFromInline
    init(
        load: @escaping @Sendable (Connection, [Owner]) throws -> [Loaded],
        loadAsync: @escaping @Sendable (any RelationTargetFetcher, [Owner]) async throws -> [Loaded]
    ) {
        self.load = load
        self.loadAsync = loadAsync
    }

    /// Itself.
    public var eagerLoad: Including<Owner, Loaded> { self }
}

extension Relation: Includable {
    /// Loads the targets of each owner with `WHERE key IN (…)` queries.
    @inlinable
    public var eagerLoad: Including<Owner, Loaded> {
        Including(
            load: { conn, owners in try fetchTargetLists(conn, owners: owners).map(shape) },
            loadAsync: { fetcher, owners in try await loadTargets(fetcher, owners: owners) }
        )
    }

    /// Nests `inner` under this relation: each target is loaded with what `inner` attaches to it.
    ///
    /// ```swift
    /// let authors = try Author.all().including(Author.books.including(Book.readers)).fetchAll(db)
    /// // [Related<Author, [Related<Book, [Reader]>]>]
    /// ```
    @inlinable
    public func including<I: Includable>(_ inner: I) -> Including<Owner, [Related<Target, I.Loaded>]>
    where I.Owner == Target, Loaded == [Target] {
        nested(inner) { $0 }
    }

    /// Nests `inner` under this optional to-one relation (`hasOne`, optional `belongsTo`).
    @inlinable
    public func including<I: Includable>(_ inner: I) -> Including<Owner, Related<Target, I.Loaded>?>
    where I.Owner == Target, Loaded == Target? {
        nested(inner) { $0.first }
    }

    /// Nests `inner` under this required `belongsTo`.
    @inlinable
    public func including<I: Includable>(_ inner: I) -> Including<Owner, Related<Target, I.Loaded>>
    where I.Owner == Target, Loaded == Target {
        let name = name
        return nested(inner) { try requireOne($0, relation: name, table: Target.schema.name) }
    }

    @inlinable
    func nested<I: Includable, Shaped: Sendable>(
        _ inner: I, shape: @escaping @Sendable ([Related<Target, I.Loaded>]) throws -> Shaped
    ) -> Including<Owner, Shaped> where I.Owner == Target {
        let innerLoad = inner.eagerLoad
        return Including(
            load: { conn, owners in
                let fetched = try fetchTargetGroups(conn, owners: owners)
                let loaded = try innerLoad.load(conn, fetched.targets)
                let related = zip(fetched.targets, loaded).map { Related(record: $0, related: $1) }
                return try fetched.grouped(related).map(shape)
            },
            loadAsync: { fetcher, owners in try await loadTargets(fetcher, owners: owners, nesting: innerLoad, shape: shape) }
        )
    }
}

/// The only element of `items`, for a required `belongsTo`.
///
/// - Throws: `DatabaseError` (`.recordNotFound`) when the parent row is missing (possible only with foreign
///   keys off).
@usableFromInline
func requireOne<Element>(_ items: [Element], relation: String, table: String) throws -> Element {
    guard let first = items.first else {
        throw DatabaseError(kind: .recordNotFound, message: "no row of \(table) for required relation '\(relation)'", table: table)
    }
    return first
}
