/// A typed query on one record type: filters, ordering, grouping, limits. Building it runs nothing; the
/// fetch methods (`fetchAll`, `fetchOne`, `count`, `cursor`, `page`, …) render it to SQL and run it.
///
/// ```swift
/// let authors = try Author
///     .filter(Author.rating > 3 && Author.name.like("A%"))
///     .order(Author.born.desc, Author.name)
///     .limit(10, offset: 20)
///     .fetchAll(db)
/// ```
///
/// The rendered SQL is the statement-cache key: running the same query shape again, with any values,
/// reuses the prepared statement.
public struct QueryRequest<R: Record>: Sendable {
    /// The filters of `filter(_:)`, combined with `AND`.
    package var condition: SQLExpression?
    /// The model's default scope (`R.defaultScope`) until `unscoped()` removes it.
    package var scopeCondition: SQLExpression? = R.defaultScope?.sqlExpression
    /// Which rows of a soft-delete model it reads (`withDeleted()`, `onlyDeleted()`).
    package var deletedRows = DeletedRows.excluded
    /// Whether `deleteAll` removes the rows of a soft-delete model for good (`destroyAll`).
    package var destroys = false
    package var orderings: [Ordering] = []
    package var grouping: [SQLExpression] = []
    package var havingCondition: SQLExpression?
    package var limitCount: Int?
    package var offsetCount: Int?
    package var isDistinct = false
    /// Tables joined through relations (`joining(_:)`), in order.
    package var joins: [SQLJoin] = []
    /// The words a full-text search looks for (`matching(_:)`).
    package var searchText: String?

    init() {}

    /// Keeps the rows matching `predicate` (combined with `AND` with earlier filters).
    public func filter<E: TypedExpression>(_ predicate: E) -> Self where E.Value == Bool {
        var copy = self
        copy.condition = condition.map { SQLExpression(.binary(.and, $0, predicate.sqlExpression)) } ?? predicate.sqlExpression
        return copy
    }

    /// Sorts by `terms`, replacing any earlier ordering. Columns sort ascending; use `.desc` for descending.
    public func order(_ terms: any OrderingTerm...) -> Self {
        var copy = self
        copy.orderings = terms.map(\.ordering)
        return copy
    }

    /// Returns at most `count` rows, after skipping `offset` rows.
    public func limit(_ count: Int, offset: Int? = nil) -> Self {
        var copy = self
        copy.limitCount = count
        copy.offsetCount = offset
        return copy
    }

    /// Groups rows by `expressions` (`GROUP BY`); use with `select` of aggregates.
    public func group(by expressions: any TypedExpression...) -> Self {
        var copy = self
        copy.grouping = expressions.map(\.sqlExpression)
        return copy
    }

    /// Keeps the groups matching `predicate` (`HAVING`, combined with `AND`).
    public func having<E: TypedExpression>(_ predicate: E) -> Self where E.Value == Bool {
        var copy = self
        copy.havingCondition = havingCondition.map { SQLExpression(.binary(.and, $0, predicate.sqlExpression)) }
            ?? predicate.sqlExpression
        return copy
    }

    /// The same request without the model's default scope (`defaultScope:` in the schema): it reads every row
    /// the other filters match. Other filters, before and after, stay; soft-deleted rows stay out (`withDeleted()`).
    ///
    /// ```swift
    /// let everyBook = try await Book.all().unscoped().count(db)   // archived books too
    /// ```
    public func unscoped() -> Self {
        var copy = self
        copy.scopeCondition = nil
        return copy
    }

    /// The `WHERE` condition: soft delete, the default scope and the filters.
    package var whereCondition: SQLExpression? {
        let search = searchText.map { _ in SQLExpression(.searchMatch(table: R.schema.name)) }
        return .conjunction(.conjunction(.conjunction(deletedRows.condition(for: R.self), scopeCondition), search), condition)
    }

    /// Removes duplicate rows (`SELECT DISTINCT`).
    public func distinct() -> Self {
        var copy = self
        copy.isDistinct = true
        return copy
    }

    /// The `SELECT` statement for `selection` with this request's clauses, and its arguments.
    @usableFromInline
    package func selectSQL(_ selection: String, renderer: inout SQLRenderer) -> String {
        var sql = SQLText()
        writeSelect(selection, into: &sql, renderer: &renderer)
        return sql.text
    }

    /// Writes ``selectSQL(_:renderer:)`` (or its shape) to `sql`.
    @usableFromInline
    package func writeSelect(_ selection: String, into sql: inout SQLText, renderer: inout SQLRenderer) {
        sql += "SELECT "
        if isDistinct { sql += "DISTINCT " }
        sql += selection
        sql += " FROM "
        sql += R.schema.recordSQL.table
        enter(&renderer)
        if renderer.search != nil { sql += renderer.dialect.ddl.fullText.join(table: R.schema.name) }
        renderer.write(joins, into: &sql)
        appendClauses(to: &sql, renderer: &renderer)
    }

    /// ``selectSQL(_:renderer:)``, found by the request's shape among the SQL `conn` rendered before (writing the
    /// shape binds the values, and costs a fraction of writing the text); written and kept on the first run of
    /// the shape.
    @usableFromInline
    func cachedSelectSQL(_ selection: String, on conn: Connection, renderer: inout SQLRenderer) -> SQLKey {
        let shape = selectShape(selection, renderer: &renderer)
        if let sql = conn.renderedSQL(for: shape) { return sql }
        var written = SQLRenderer(dialect: renderer.dialect)
        let sql = SQLKey(selectSQL(selection, renderer: &written))
        renderer = written
        conn.remember(sql, for: shape)
        return sql
    }

    /// The shape of ``selectSQL(_:renderer:)`` (a cache key for its text), with the values bound to `renderer` as
    /// writing the text binds them.
    package func selectShape(_ selection: String, renderer: inout SQLRenderer) -> SQLShape {
        var shape = SQLText(recordingShape: ())
        writeSelect(selection, into: &shape, renderer: &renderer)
        return shape.shapeKey
    }

    /// Makes `renderer` write this request's relation columns and full-text parts: call before rendering any of
    /// its expressions.
    package func enter(_ renderer: inout SQLRenderer) {
        renderer.enter(joins)
        if let searchText, let search = R.schema.search {
            renderer.search = SearchContext(table: R.schema.name, search: search, text: searchText)
        }
    }

    /// ` WHERE … GROUP BY … HAVING … ORDER BY … LIMIT … OFFSET …`, as set.
    package func clauses(renderer: inout SQLRenderer, includeOrderAndLimit: Bool = true) -> String {
        var sql = SQLText()
        appendClauses(to: &sql, renderer: &renderer, includeOrderAndLimit: includeOrderAndLimit)
        return sql.text
    }

    /// Appends ` WHERE … GROUP BY … HAVING … ORDER BY … LIMIT … OFFSET …`, as set, to `sql`.
    func appendClauses(to sql: inout SQLText, renderer: inout SQLRenderer, includeOrderAndLimit: Bool = true) {
        if let whereCondition {
            sql += " WHERE "
            renderer.write(whereCondition, into: &sql)
        }
        for (position, expression) in grouping.enumerated() {
            sql += position == 0 ? " GROUP BY " : ", "
            renderer.write(expression, into: &sql)
        }
        if let havingCondition {
            sql += " HAVING "
            renderer.write(havingCondition, into: &sql)
        }
        guard includeOrderAndLimit else { return }
        for (position, ordering) in orderings.enumerated() {
            sql += position == 0 ? " ORDER BY " : ", "
            renderer.write(ordering.expression, into: &sql)
            sql += ordering.isDescending ? " DESC" : " ASC"
        }
        if let limitCount {
            sql += " LIMIT "
            if renderer.dialect.limitForm == .literal {
                sql += String(limitCount)
            } else {
                renderer.write(SQLExpression.value(.integer(Int64(limitCount))), into: &sql)
            }
            if let offsetCount {
                sql += " OFFSET "
                renderer.write(SQLExpression.value(.integer(Int64(offsetCount))), into: &sql)
            }
        } else if let offsetCount {
            sql += " "
            sql += renderer.dialect.offsetWithoutLimit
            sql += " "
            renderer.write(SQLExpression.value(.integer(Int64(offsetCount))), into: &sql)
        }
    }

    /// Whether the request only filters (so `count`, `deleteAll` and `updateAll` can use its `WHERE` directly): a
    /// full-text search may need a join.
    package var isPlainFilter: Bool {
        joins.isEmpty && grouping.isEmpty && havingCondition == nil && limitCount == nil && offsetCount == nil && !isDistinct
            && searchText == nil
    }
}

extension Record {
    /// A request for every row of the table.
    public static func all() -> QueryRequest<Self> { QueryRequest() }

    /// A request for the rows matching `predicate`: `Author.filter(Author.rating > 3)`.
    public static func filter<E: TypedExpression>(_ predicate: E) -> QueryRequest<Self> where E.Value == Bool {
        all().filter(predicate)
    }

    /// A request for every row, sorted by `terms`: `Author.order(Author.born.desc, Author.name)`.
    public static func order(_ terms: any OrderingTerm...) -> QueryRequest<Self> {
        var request = all()
        request.orderings = terms.map(\.ordering)
        return request
    }

    /// A request for at most `count` rows after `offset`.
    public static func limit(_ count: Int, offset: Int? = nil) -> QueryRequest<Self> {
        all().limit(count, offset: offset)
    }
}
