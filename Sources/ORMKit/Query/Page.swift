/// One page of a query's results, with the totals needed to show page controls: records, or records with
/// what eager loading fetched for them (`Page<Related<Author, [Book]>>`).
public struct Page<Item: Sendable>: Sendable {
    /// The items of this page (at most `size`).
    public let items: [Item]
    /// The 1-based page number.
    public let number: Int
    /// The page size asked for.
    public let size: Int
    /// How many rows the whole query matches.
    public let totalCount: Int

    /// A page of `items`. Called by engine backends.
    package init(items: [Item], number: Int, size: Int, totalCount: Int) {
        self.items = items
        self.number = number
        self.size = size
        self.totalCount = totalCount
    }

    /// How many pages the whole query fills (0 when it matches nothing).
    public var pageCount: Int { (totalCount + size - 1) / size }
    /// Whether a page follows this one.
    public var hasNextPage: Bool { number < pageCount }
}

extension QueryRequest {
    /// Fetches page `number` (1-based) of `size` records, and the total count, in one read transaction.
    ///
    /// ```swift
    /// let page = try Author.order(Author.name).page(2, size: 20, in: db)
    /// print(page.items.count, page.totalCount, page.pageCount)
    /// ```
    ///
    /// Give the request an `order` so pages do not overlap. Its own limit and offset are replaced.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when `number` or `size` is below 1; SQLite errors.
    public func page(_ number: Int, size: Int, in db: Connection) throws -> Page<R> {
        let first = try Self.firstRow(ofPage: number, size: size)
        var unlimited = self
        unlimited.limitCount = nil
        unlimited.offsetCount = nil
        return try db.withConnection { conn in
            try conn.savepoint {
                let total = try unlimited.count(conn)
                let items = try unlimited.limit(size, offset: first).fetchAll(conn)
                return Page(items: items, number: number, size: size, totalCount: total)
            }
        }
    }
}

extension QueryRequest {
    /// The 0-based offset of page `number` of `size` rows.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when `number` or `size` is below 1 or the offset overflows.
    package static func firstRow(ofPage number: Int, size: Int) throws -> Int {
        guard number >= 1, size >= 1 else {
            throw DatabaseError(kind: .misuse, message: "page numbers and sizes start at 1 (got page \(number), size \(size))", table: R.schema.name)
        }
        let (first, overflow) = (number - 1).multipliedReportingOverflow(by: size)
        guard !overflow else {
            throw DatabaseError(kind: .misuse, message: "page \(number) of size \(size) is out of range", table: R.schema.name)
        }
        return first
    }
}

extension IncludingRequest {
    /// How many records match (the related records are not counted or loaded).
    ///
    /// - Throws: `DatabaseError`.
    public func count(_ db: Connection) throws -> Int {
        try base.count(db)
    }

    /// Fetches page `number` (1-based) of `size` records with what they load, and the total count, in one read
    /// transaction: `Author.order(Author.name).including(Author.books).page(2, size: 20, in: db)`. Loading stays
    /// one query per relation level for the page.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when `number` or `size` is below 1; SQLite errors.
    public func page(_ number: Int, size: Int, in db: Connection) throws -> Page<Related<R, Loaded>> {
        let first = try QueryRequest<R>.firstRow(ofPage: number, size: size)
        var unlimited = self
        unlimited.base.limitCount = nil
        unlimited.base.offsetCount = nil
        return try db.withConnection { conn in
            try conn.savepoint {
                let total = try unlimited.base.count(conn)
                let items = try unlimited.limit(size, offset: first).fetchAll(conn)
                return Page(items: items, number: number, size: size, totalCount: total)
            }
        }
    }
}

extension Record {
    /// Fetches page `number` (1-based) of `size` records of the whole table, ordered by `terms`.
    ///
    /// - Throws: `DatabaseError`, as `QueryRequest.page(_:size:in:)`.
    public static func page(_ number: Int, size: Int, in db: Connection) throws -> Page<Self> {
        try all().page(number, size: size, in: db)
    }
}
