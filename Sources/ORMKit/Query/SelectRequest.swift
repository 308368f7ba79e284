/// A query selecting chosen columns or expressions instead of whole records, decoded into a scalar or a
/// tuple: `Author.select(Author.name, Author.rating).fetchAll(db)` is `[(String, Double)]`.
public struct SelectRequest<R: Record, T>: Sendable {
    let base: QueryRequest<R>
    let selection: [SQLExpression]
    package let decode: RowDecoding<T>

    /// Keeps the rows matching `predicate`.
    public func filter<E: TypedExpression>(_ predicate: E) -> Self where E.Value == Bool {
        SelectRequest(base: base.filter(predicate), selection: selection, decode: decode)
    }

    /// Sorts by `terms`, replacing any earlier ordering.
    public func order(_ terms: any OrderingTerm...) -> Self {
        var base = base
        base.orderings = terms.map(\.ordering)
        return SelectRequest(base: base, selection: selection, decode: decode)
    }

    /// Returns at most `count` rows after `offset`.
    public func limit(_ count: Int, offset: Int? = nil) -> Self {
        SelectRequest(base: base.limit(count, offset: offset), selection: selection, decode: decode)
    }

    /// Groups rows by `expressions` (`GROUP BY`).
    public func group(by expressions: any TypedExpression...) -> Self {
        var base = base
        base.grouping = expressions.map(\.sqlExpression)
        return SelectRequest(base: base, selection: selection, decode: decode)
    }

    /// Keeps the groups matching `predicate` (`HAVING`).
    public func having<E: TypedExpression>(_ predicate: E) -> Self where E.Value == Bool {
        SelectRequest(base: base.having(predicate), selection: selection, decode: decode)
    }

    /// Removes duplicate rows (`SELECT DISTINCT`).
    public func distinct() -> Self {
        SelectRequest(base: base.distinct(), selection: selection, decode: decode)
    }

    /// Every row, decoded.
    ///
    /// - Throws: `DatabaseError` (`.decoding` naming the column and row for a bad value).
    public func fetchAll(_ db: Connection) throws -> [T] {
        var renderer = SQLRenderer()
        let sql = self.sql(&renderer)
        let arguments = StatementArguments(try renderer.arguments())
        return try db.withConnection { conn in
            try R.naming {
                try conn.withStatement(sql) { statement in
                    try statement.bind(arguments)
                    var values: [T] = []
                    try statement.forEachRow { values.append(try decode.row($0)) }
                    return values
                }
            }
        }
    }

    /// The first row, decoded, or nil when there is none.
    ///
    /// - Throws: `DatabaseError`.
    public func fetchOne(_ db: Connection) throws -> T? {
        try limit(1, offset: base.offsetCount).fetchAll(db).first
    }

    /// The request's SELECT in `renderer`'s dialect; its arguments are left in `renderer`.
    package func sql(_ renderer: inout SQLRenderer) -> String {
        base.enter(&renderer)
        let columns = selection.map { renderer.render($0) }.joined(separator: ", ")
        // Render the selection first so its arguments come first, then the clauses.
        return base.selectSQL(columns, renderer: &renderer)
    }
}

/// How a selection's rows are decoded on each engine's row type: the same generic reads, specialized for
/// SQLite's ``Row`` and a server engine's ``WireRow``.
package struct RowDecoding<T>: Sendable {
    /// Decodes a SQLite row.
    package let row: @Sendable (Row) throws -> T
    /// Decodes a server engine's row.
    package let wireRow: @Sendable (WireRow) throws -> T
}

extension QueryRequest {
    /// Selects one expression: `Author.select(Author.name)` fetches `[String]`.
    public func select<A: TypedExpression>(_ a: A) -> SelectRequest<R, A.Value> where A.Storage: ColumnStorage {
        @Sendable func read(_ row: some RowDecoder) throws -> A.Value { try row.decode(at: 0, as: A.Storage.self) }
        return SelectRequest(base: self, selection: [a.sqlExpression], decode: RowDecoding(row: read, wireRow: read))
    }

    /// Selects two expressions into a tuple.
    public func select<A: TypedExpression, B: TypedExpression>(_ a: A, _ b: B) -> SelectRequest<R, (A.Value, B.Value)>
    where A.Storage: ColumnStorage, B.Storage: ColumnStorage {
        @Sendable func read(_ row: some RowDecoder) throws -> (A.Value, B.Value) {
            (try row.decode(at: 0, as: A.Storage.self), try row.decode(at: 1, as: B.Storage.self))
        }
        return SelectRequest(base: self, selection: [a.sqlExpression, b.sqlExpression], decode: RowDecoding(row: read, wireRow: read))
    }

    /// Selects three expressions into a tuple.
    public func select<A: TypedExpression, B: TypedExpression, C: TypedExpression>(
        _ a: A, _ b: B, _ c: C
    ) -> SelectRequest<R, (A.Value, B.Value, C.Value)> where A.Storage: ColumnStorage, B.Storage: ColumnStorage, C.Storage: ColumnStorage {
        @Sendable func read(_ row: some RowDecoder) throws -> (A.Value, B.Value, C.Value) {
            (try row.decode(at: 0, as: A.Storage.self), try row.decode(at: 1, as: B.Storage.self), try row.decode(at: 2, as: C.Storage.self))
        }
        return SelectRequest(
            base: self, selection: [a.sqlExpression, b.sqlExpression, c.sqlExpression], decode: RowDecoding(row: read, wireRow: read)
        )
    }

    /// Selects four expressions into a tuple.
    public func select<A: TypedExpression, B: TypedExpression, C: TypedExpression, D: TypedExpression>(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> SelectRequest<R, (A.Value, B.Value, C.Value, D.Value)>
    where A.Storage: ColumnStorage, B.Storage: ColumnStorage, C.Storage: ColumnStorage, D.Storage: ColumnStorage {
        @Sendable func read(_ row: some RowDecoder) throws -> (A.Value, B.Value, C.Value, D.Value) {
            (
                try row.decode(at: 0, as: A.Storage.self), try row.decode(at: 1, as: B.Storage.self),
                try row.decode(at: 2, as: C.Storage.self), try row.decode(at: 3, as: D.Storage.self)
            )
        }
        return SelectRequest(
            base: self, selection: [a.sqlExpression, b.sqlExpression, c.sqlExpression, d.sqlExpression],
            decode: RowDecoding(row: read, wireRow: read)
        )
    }
}

extension QueryRequest {
    /// Selects five or more expressions into a tuple (parameter packs), each read with its storage:
    /// `Book.all().group(by: Book.genre).select(Book.genre, countAll(), sum(Book.pages), average(Book.pages),
    /// min(Book.pages), max(Book.pages))` fetches `[(Book.Genre, Int, Int?, Double?, Int?, Int?)]`. (One to
    /// four expressions have their own overloads, whose tuples closures can take apart with `$0.1`.)
    public func select<A: TypedExpression, B: TypedExpression, C: TypedExpression, D: TypedExpression, E: TypedExpression, each Rest: TypedExpression>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ rest: repeat each Rest
    ) -> SelectRequest<R, (A.Value, B.Value, C.Value, D.Value, E.Value, repeat (each Rest).Value)>
    where A.Storage: ColumnStorage, B.Storage: ColumnStorage, C.Storage: ColumnStorage, D.Storage: ColumnStorage,
        E.Storage: ColumnStorage, repeat (each Rest).Storage: ColumnStorage {
        var selection = [a.sqlExpression, b.sqlExpression, c.sqlExpression, d.sqlExpression, e.sqlExpression]
        repeat selection.append((each rest).sqlExpression)
        @Sendable func read(_ row: some RowDecoder) throws -> (A.Value, B.Value, C.Value, D.Value, E.Value, repeat (each Rest).Value) {
            var index: Int32 = 5
            func next<S: ColumnStorage>(_ storage: S.Type) throws -> S.Value {
                defer { index += 1 }
                return try row.decode(at: index, as: storage)
            }
            return (
                try row.decode(at: 0, as: A.Storage.self), try row.decode(at: 1, as: B.Storage.self),
                try row.decode(at: 2, as: C.Storage.self), try row.decode(at: 3, as: D.Storage.self),
                try row.decode(at: 4, as: E.Storage.self), repeat try next((each Rest).Storage.self)
            )
        }
        return SelectRequest(base: self, selection: selection, decode: RowDecoding(row: read, wireRow: read))
    }
}

extension Record {
    /// Selects one expression of every row: `Author.select(Author.name).fetchAll(db)`.
    public static func select<A: TypedExpression>(_ a: A) -> SelectRequest<Self, A.Value> where A.Storage: ColumnStorage {
        all().select(a)
    }

    /// Selects two expressions of every row into tuples.
    public static func select<A: TypedExpression, B: TypedExpression>(_ a: A, _ b: B) -> SelectRequest<Self, (A.Value, B.Value)>
    where A.Storage: ColumnStorage, B.Storage: ColumnStorage {
        all().select(a, b)
    }

    /// Selects three expressions of every row into tuples.
    public static func select<A: TypedExpression, B: TypedExpression, C: TypedExpression>(
        _ a: A, _ b: B, _ c: C
    ) -> SelectRequest<Self, (A.Value, B.Value, C.Value)> where A.Storage: ColumnStorage, B.Storage: ColumnStorage, C.Storage: ColumnStorage {
        all().select(a, b, c)
    }

    /// Selects four expressions of every row into tuples.
    public static func select<A: TypedExpression, B: TypedExpression, C: TypedExpression, D: TypedExpression>(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> SelectRequest<Self, (A.Value, B.Value, C.Value, D.Value)>
    where A.Storage: ColumnStorage, B.Storage: ColumnStorage, C.Storage: ColumnStorage, D.Storage: ColumnStorage {
        all().select(a, b, c, d)
    }

    /// Selects five or more expressions of every row into tuples (parameter packs).
    public static func select<A: TypedExpression, B: TypedExpression, C: TypedExpression, D: TypedExpression, E: TypedExpression, each Rest: TypedExpression>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ rest: repeat each Rest
    ) -> SelectRequest<Self, (A.Value, B.Value, C.Value, D.Value, E.Value, repeat (each Rest).Value)>
    where A.Storage: ColumnStorage, B.Storage: ColumnStorage, C.Storage: ColumnStorage, D.Storage: ColumnStorage,
        E.Storage: ColumnStorage, repeat (each Rest).Storage: ColumnStorage {
        all().select(a, b, c, d, e, repeat each rest)
    }
}
