/// A request for records together with related records loaded eagerly: what `including(_:)` returns.
///
/// ```swift
/// let authors = try Author.order(Author.name).including(Author.books).fetchAll(db)  // [Related<Author, [Book]>]
/// for author in authors { print(author.name, author.related.count) }
/// ```
///
/// Fetching runs the base query, then one `WHERE key IN (…)` query per relation level (more only for more
/// keys than SQLite's bound-variable limit), all inside one savepoint so they see the same data. The
/// number of queries does not grow with the number of records.
public struct IncludingRequest<R: Record, Loaded: Sendable>: Sendable {
    /// The request for the records themselves.
    public var base: QueryRequest<R>
    @usableFromInline package let including: Including<R, Loaded>

    @usableFromInline
    init(base: QueryRequest<R>, including: Including<R, Loaded>) {
        self.base = base
        self.including = including
    }

    /// Keeps the records matching `predicate`.
    public func filter<E: TypedExpression>(_ predicate: E) -> Self where E.Value == Bool {
        IncludingRequest(base: base.filter(predicate), including: including)
    }

    /// Sorts the records by `terms`, replacing any earlier ordering.
    public func order(_ terms: any OrderingTerm...) -> Self {
        var base = base
        base.orderings = terms.map(\.ordering)
        return IncludingRequest(base: base, including: including)
    }

    /// Returns at most `count` records after `offset`.
    public func limit(_ count: Int, offset: Int? = nil) -> Self {
        IncludingRequest(base: base.limit(count, offset: offset), including: including)
    }

    /// Also loads `relation` for every record: `related` becomes a pair, what was loaded before and what
    /// `relation` loads.
    ///
    /// ```swift
    /// let authors = try Author.including(Author.books).including(Author.profile).fetchAll(db)
    /// // [Related<Author, ([Book], AuthorProfile?)>]: author.related.0 are the books, author.related.1 the profile
    /// ```
    @inlinable
    public func including<I: Includable>(_ relation: I) -> IncludingRequest<R, (Loaded, I.Loaded)> where I.Owner == R {
        IncludingRequest<R, (Loaded, I.Loaded)>(base: base, including: including.and(relation))
    }

    /// Every matching record with what was loaded for it.
    ///
    /// - Throws: `DatabaseError` (a required `belongsTo` whose parent row is missing throws `.recordNotFound`).
    @inlinable
    public func fetchAll(_ db: Connection) throws -> [Related<R, Loaded>] {
        try db.withConnection { conn in
            try conn.savepoint {
                let records = try base.fetchAll(conn)
                let loaded = records.isEmpty ? [] : try including.load(conn, records)
                return zip(records, loaded).map { Related(record: $0, related: $1) }
            }
        }
    }

    /// The first matching record with what was loaded for it, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func fetchOne(_ db: Connection) throws -> Related<R, Loaded>? {
        try limit(1, offset: base.offsetCount).fetchAll(db).first
    }
}

extension QueryRequest {
    /// Loads `relation` for every fetched record, without one query per record.
    ///
    /// ```swift
    /// let books = try Book.filter(Book.genre == .science).including(Book.author).fetchAll(db)  // [Related<Book, Author>]
    /// ```
    @inlinable
    public func including<I: Includable>(_ relation: I) -> IncludingRequest<R, I.Loaded> where I.Owner == R {
        IncludingRequest(base: self, including: relation.eagerLoad)
    }
}

extension Record {
    /// Every record with `relation` loaded. See `QueryRequest.including(_:)`.
    @inlinable
    public static func including<I: Includable>(_ relation: I) -> IncludingRequest<Self, I.Loaded> where I.Owner == Self {
        all().including(relation)
    }
}
