/// A named eager-loading result: a record with labelled properties for what was loaded with it. `ormgen`
/// generates one struct per entry under a model's `results:` in the schema:
///
/// ```yaml
/// Author:
///   results:
///     AuthorWithBooks: [books, profile]        # books: [Book], profile: AuthorProfile?
///     AuthorCatalog: { books: BookWithReaders } # books: [BookWithReaders], nested to any depth
/// ```
///
/// ```swift
/// let authors = try Author.order(Author.name).including(AuthorWithBooks.self).fetchAll(db)   // [AuthorWithBooks]
/// print(authors[0].name, authors[0].books.count, authors[0].profile?.biography ?? "")
/// ```
///
/// Loading runs one `WHERE key IN (…)` query per relation level, as `including(_:)` with relations does.
public protocol EagerResult: Sendable {
    /// The model the result is built on.
    associatedtype Base: Record
    /// What the relations load for one record, in the order the result declares them (pairs for several).
    associatedtype Loaded: Sendable
    /// The loading step for the result's relations. Generated.
    static var loading: Including<Base, Loaded> { get }
    /// Builds the result from a record and what was loaded for it. Generated.
    init(record: Base, loaded: Loaded)
}

extension EagerResult {
    /// Every record of the base model as this result: `AuthorWithBooks.all().order(Author.name).fetchAll(db)`.
    public static func all() -> EagerResultRequest<Self> {
        Base.all().including(Self.self)
    }

    /// Every record of the base model as this result.
    ///
    /// - Throws: `DatabaseError`.
    public static func fetchAll(_ db: Connection) throws -> [Self] {
        try all().fetchAll(db)
    }
}

extension Includable {
    /// This loading step and `other`, for the same owners: each owner gets the pair of what both load.
    /// Generated results chain their relations with it.
    public func and<I: Includable>(_ other: I) -> Including<Owner, (Loaded, I.Loaded)> where I.Owner == Owner {
        let first = eagerLoad
        let second = other.eagerLoad
        return Including(
            load: { conn, owners in
                Array(zip(try first.load(conn, owners), try second.load(conn, owners)))
            },
            loadAsync: { fetcher, owners in
                let firstLoaded = try await first.loadAsync(fetcher, owners)
                return Array(zip(firstLoaded, try await second.loadAsync(fetcher, owners)))
            }
        )
    }
}

extension Relation {
    /// Loads this to-many relation's targets as the named result `result`: `Author.books.including(BookWithReaders.self)`
    /// attaches `[BookWithReaders]` to each author.
    public func including<E: EagerResult>(_ result: E.Type) -> Including<Owner, [E]> where E.Base == Target, Loaded == [Target] {
        nested(E.loading) { $0.map(E.init) }
    }

    /// Loads this optional to-one relation's target (`hasOne`, optional `belongsTo`) as the named result `result`.
    public func including<E: EagerResult>(_ result: E.Type) -> Including<Owner, E?> where E.Base == Target, Loaded == Target? {
        nested(E.loading) { $0.first.map(E.init) }
    }

    /// Loads this required `belongsTo` relation's target as the named result `result`.
    ///
    /// Loading throws `DatabaseError` (`.recordNotFound`) when a parent row is missing (possible only with
    /// foreign keys off).
    public func including<E: EagerResult>(_ result: E.Type) -> Including<Owner, E> where E.Base == Target, Loaded == Target {
        let name = name
        return nested(E.loading) { E(try requireOne($0, relation: name, table: Target.schema.name)) }
    }
}

extension EagerResult {
    /// Builds the result from a record with what was loaded for it.
    init(_ related: Related<Base, Loaded>) {
        self.init(record: related.record, loaded: related.related)
    }
}

/// A request for named eager-loading results (`[AuthorWithBooks]`): what `including(AuthorWithBooks.self)`
/// returns. Filter, order, limit and page the base records; loading stays one query per relation level.
public struct EagerResultRequest<Result: EagerResult>: Sendable {
    /// The request that loads the records and their relations.
    public var request: IncludingRequest<Result.Base, Result.Loaded>

    /// Keeps the records matching `predicate`.
    public func filter<E: TypedExpression>(_ predicate: E) -> Self where E.Value == Bool {
        EagerResultRequest(request: request.filter(predicate))
    }

    /// Sorts the records by `terms`, replacing any earlier ordering.
    public func order(_ terms: any OrderingTerm...) -> Self {
        var request = request
        request.base.orderings = terms.map(\.ordering)
        return EagerResultRequest(request: request)
    }

    /// Returns at most `count` records after `offset`.
    public func limit(_ count: Int, offset: Int? = nil) -> Self {
        EagerResultRequest(request: request.limit(count, offset: offset))
    }

    /// Every matching record as the result, with its relations loaded.
    ///
    /// - Throws: `DatabaseError` (a required `belongsTo` whose parent row is missing throws `.recordNotFound`).
    public func fetchAll(_ db: Connection) throws -> [Result] {
        try request.fetchAll(db).map(Result.init)
    }

    /// The first matching record as the result, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func fetchOne(_ db: Connection) throws -> Result? {
        try request.fetchOne(db).map(Result.init)
    }

    /// How many records match (nothing is loaded).
    ///
    /// - Throws: `DatabaseError`.
    public func count(_ db: Connection) throws -> Int {
        try request.count(db)
    }

    /// Fetches page `number` (1-based) of `size` results and the total count, in one read transaction.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when `number` or `size` is below 1; SQLite errors.
    public func page(_ number: Int, size: Int, in db: Connection) throws -> Page<Result> {
        let page = try request.page(number, size: size, in: db)
        return Page(items: page.items.map(Result.init), number: page.number, size: page.size, totalCount: page.totalCount)
    }
}

extension QueryRequest {
    /// Fetches the records as the named result `result`, with its relations loaded:
    /// `Author.filter(Author.isActive).including(AuthorWithBooks.self).fetchAll(db)` is `[AuthorWithBooks]`.
    public func including<E: EagerResult>(_ result: E.Type) -> EagerResultRequest<E> where E.Base == R {
        EagerResultRequest(request: IncludingRequest(base: self, including: E.loading))
    }
}
