#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import ORMSchema

// The query builder on PostgreSQL: the same requests render with `$n` placeholders and bind `WireValue`s. The SQL
// a request renders runs as a named prepared statement (`QueryStatementCache`), as record operations do.

extension QueryRequest {
    /// The SELECT of the request's records, with its arguments.
    func postgresSelect(_ selection: String) -> (sql: String, arguments: [WireValue]) {
        var renderer = SQLRenderer(dialect: .postgresql)
        let sql = selectSQL(selection, renderer: &renderer)
        return (sql, renderer.wireArguments)
    }

    /// The SELECT of the request's records as a statement (prepared once per connection), with its arguments.
    func postgresStatement(_ selection: String) -> (statement: PostgresStatement, arguments: [WireValue]) {
        let (sql, arguments) = postgresSelect(selection)
        return (QueryStatementCache.shared.statement(sql, arguments), arguments)
    }

    /// Fetches every matching record.
    ///
    /// - Throws: `DatabaseError`.
    public func fetchAll(_ db: some PostgresExecutor) async throws -> [R] {
        let (statement, arguments) = postgresStatement(PostgresRecordSQL.of(R.self).selection)
        return try await db.withSession(writing: false) { try await $0.fetchAll(statement, arguments, table: R.schema.name, R.init(row:)) }
    }

    /// Fetches the first matching record, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func fetchOne(_ db: some PostgresExecutor) async throws -> R? {
        let (statement, arguments) = limit(1, offset: offsetCount).postgresStatement(PostgresRecordSQL.of(R.self).selection)
        return try await db.withSession(writing: false) { try await $0.fetchOne(statement, arguments, table: R.schema.name, R.init(row:)) }
    }

    /// Calls `body` with each matching record, streamed from the server without buffering the result.
    ///
    /// - Throws: `DatabaseError`, or what `body` throws (which stops the iteration).
    public func forEach(_ db: some PostgresExecutor, _ body: (R) async throws -> Void) async throws {
        // Unprepared: a cursor's SQL is parsed once per call anyway, and postgres-nio's prepared-statement API
        // passes every row through an extra asynchronous `map`, which costs more over many rows than parsing saves.
        let (sql, arguments) = postgresSelect(PostgresRecordSQL.of(R.self).selection)
        try await db.withSession(writing: false) { session in
            try await session.run(sql, arguments, table: R.schema.name) { try await body(try R(row: $0)) }
        }
    }

    /// The number of matching rows.
    ///
    /// - Throws: `DatabaseError`.
    public func count(_ db: some PostgresExecutor) async throws -> Int {
        let (select, arguments) = postgresSelect("1")
        let statement = QueryStatementCache.shared.statement("SELECT COUNT(*) FROM (\(select)) AS counted", arguments)
        return try await db.withSession(writing: false) { try await $0.fetchOne(statement, arguments) { try $0.decode(at: 0) as Int } } ?? 0
    }

    /// Whether any row matches.
    ///
    /// - Throws: `DatabaseError`.
    public func exists(_ db: some PostgresExecutor) async throws -> Bool {
        let (select, arguments) = postgresSelect("1")
        let statement = QueryStatementCache.shared.statement("SELECT EXISTS (\(select))", arguments)
        return try await db.withSession(writing: false) { try await $0.fetchOne(statement, arguments) { try $0.decode(at: 0) as Bool } } ?? false
    }

    /// Page `number` (1-based) of `size` records and the total count, from one snapshot.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1).
    public func page(_ number: Int, size: Int, in db: some PostgresExecutor) async throws -> Page<R> {
        let first = try Self.firstRow(ofPage: number, size: size)
        var unlimited = self
        unlimited.limitCount = nil
        unlimited.offsetCount = nil
        let request = unlimited
        return try await db.withSession(writing: false) { session in
            let total = try await request.count(session)
            let items = try await request.limit(size, offset: first).fetchAll(session)
            return Page(items: items, number: number, size: size, totalCount: total)
        }
    }

    /// Deletes every matching row; returns how many there were.
    ///
    /// - Throws: `DatabaseError`.
    @discardableResult
    public func deleteAll(_ db: some PostgresExecutor) async throws -> Int {
        var renderer = SQLRenderer(dialect: .postgresql)
        let table = quoteIdentifier(R.schema.name)
        let sql = "WITH deleted AS (DELETE FROM \(table)\(matchingRows(&renderer)) RETURNING 1) SELECT COUNT(*) FROM deleted"
        let arguments = renderer.wireArguments
        let statement = QueryStatementCache.shared.statement(sql, arguments)
        return try await db.withSession(writing: true) { try await $0.fetchOne(statement, arguments, table: R.schema.name) { try $0.decode(at: 0) as Int } } ?? 0
    }

    /// Sets `assignments` on every matching row; returns how many rows changed.
    ///
    /// - Throws: `DatabaseError` (the server's "integer out of range" when arithmetic leaves an integer column's type).
    @discardableResult
    public func updateAll(_ db: some PostgresExecutor, _ assignments: ColumnAssignment...) async throws -> Int {
        try await updateAll(db, assignments)
    }

    /// Sets `assignments` on every matching row; returns how many rows changed.
    ///
    /// - Throws: `DatabaseError`.
    @discardableResult
    public func updateAll(_ db: some PostgresExecutor, _ assignments: [ColumnAssignment]) async throws -> Int {
        try ColumnAssignment.validate(assignments, table: R.schema.name)
        var renderer = SQLRenderer(dialect: .postgresql)
        let table = quoteIdentifier(R.schema.name)
        let setClause = assignments.map { "\(quoteIdentifier($0.column)) = \($0.renderValue(&renderer))" }.joined(separator: ", ")
        let sql = "WITH updated AS (UPDATE \(table) SET \(setClause)\(matchingRows(&renderer)) RETURNING 1) SELECT COUNT(*) FROM updated"
        let arguments = renderer.wireArguments
        let statement = QueryStatementCache.shared.statement(sql, arguments)
        return try await db.withSession(writing: true) { try await $0.fetchOne(statement, arguments, table: R.schema.name) { try $0.decode(at: 0) as Int } } ?? 0
    }

    /// ` WHERE …` selecting the request's rows for an UPDATE or DELETE: its condition, or, with joins, grouping,
    /// a limit or DISTINCT, its primary keys.
    private func matchingRows(_ renderer: inout SQLRenderer) -> String {
        if isPlainFilter {
            return condition.map { " WHERE " + renderer.render($0) } ?? ""
        }
        let table = quoteIdentifier(R.schema.name)
        let key = R.schema.primaryKey.map { "\(table).\(quoteIdentifier($0))" }.joined(separator: ", ")
        return " WHERE (\(key)) IN (\(selectSQL(key, renderer: &renderer)))"
    }

    /// The value of an aggregate `expression` over the matching rows (`SUM`, `AVG`, `MIN`, `MAX`, `COUNT`).
    ///
    /// - Throws: `DatabaseError`.
    public func aggregate<E: TypedExpression>(_ db: some PostgresExecutor, _ expression: E) async throws -> E.Value
    where E.Storage: ColumnStorage {
        var request = self
        request.orderings = []
        var renderer = SQLRenderer(dialect: .postgresql)
        let selection = renderer.render(expression.sqlExpression)
        let sql = request.selectSQL(selection, renderer: &renderer)
        let arguments = renderer.wireArguments
        let statement = QueryStatementCache.shared.statement(sql, arguments)
        let value = try await db.withSession(writing: false) { session in
            try await session.fetchOne(statement, arguments, table: R.schema.name) { try $0.decode(at: 0, as: E.Storage.self) }
        }
        guard let value else {
            throw DatabaseError(kind: .misuse, message: "the aggregate returned no row (is the request grouped?)", table: R.schema.name)
        }
        return value
    }

    /// `SUM` of `column` (nil over no rows).
    ///
    /// - Throws: `DatabaseError`.
    public func sum<E: TypedExpression>(_ db: some PostgresExecutor, _ column: E) async throws -> E.Value.Nullable where E.Value: DatabaseNumeric {
        try await aggregate(db, ORMKit.sum(column))
    }

    /// `SUM` of a scaled-decimal column (nil over no rows).
    ///
    /// - Throws: `DatabaseError`.
    public func sum<S: AdditiveColumnStorage>(_ db: some PostgresExecutor, _ column: StoredColumn<S>) async throws -> S.Nullable.Value {
        try await aggregate(db, ORMKit.sum(column))
    }

    /// `AVG` of `column` (nil over no rows).
    ///
    /// - Throws: `DatabaseError`.
    public func average<E: TypedExpression>(_ db: some PostgresExecutor, _ column: E) async throws -> Double? where E.Value: DatabaseNumeric {
        try await aggregate(db, ORMKit.average(column))
    }

    /// `MIN` of `column` (nil over no rows).
    ///
    /// - Throws: `DatabaseError`.
    public func min<E: TypedExpression>(_ db: some PostgresExecutor, _ column: E) async throws -> E.Storage.Nullable.Value
    where E.Storage: OrderedColumnStorage {
        try await aggregate(db, ORMKit.min(column))
    }

    /// `MAX` of `column` (nil over no rows).
    ///
    /// - Throws: `DatabaseError`.
    public func max<E: TypedExpression>(_ db: some PostgresExecutor, _ column: E) async throws -> E.Storage.Nullable.Value
    where E.Storage: OrderedColumnStorage {
        try await aggregate(db, ORMKit.max(column))
    }

    /// `COUNT(DISTINCT column)`.
    ///
    /// - Throws: `DatabaseError`.
    public func count<E: TypedExpression>(_ db: some PostgresExecutor, distinct column: E) async throws -> Int {
        try await aggregate(db, ORMKit.count(distinct: column))
    }
}

extension Record {
    /// Page `number` (1-based) of `size` records of the whole table.
    ///
    /// - Throws: `DatabaseError`.
    public static func page(_ number: Int, size: Int, in db: some PostgresExecutor) async throws -> Page<Self> {
        try await all().page(number, size: size, in: db)
    }

    /// Sets `assignments` on every row; returns how many rows changed.
    ///
    /// - Throws: `DatabaseError`.
    @discardableResult
    public static func updateAll(_ db: some PostgresExecutor, _ assignments: ColumnAssignment...) async throws -> Int {
        try await all().updateAll(db, assignments)
    }

    /// Fetches the records `sql` selects (its columns in `schema.columns` order), `$1, $2, …` bound to `arguments`.
    ///
    /// - Throws: `DatabaseError`.
    public static func fetchAll(_ db: some PostgresExecutor, sql: String, arguments: StatementArguments = []) async throws -> [Self] {
        try await db.withSession(writing: false) { try await $0.fetchAll(sql, arguments.wireValues, table: schema.name, Self.init(row:)) }
    }

    /// Fetches the first record `sql` selects, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public static func fetchOne(_ db: some PostgresExecutor, sql: String, arguments: StatementArguments = []) async throws -> Self? {
        try await db.withSession(writing: false) { try await $0.fetchOne(sql, arguments.wireValues, table: schema.name, Self.init(row:)) }
    }
}

extension ColumnValue {
    /// The first column of the first row `sql` returns, or nil when there is no row.
    ///
    /// - Throws: `DatabaseError`.
    public static func fetchOne(_ db: some PostgresExecutor, sql: String, arguments: StatementArguments = []) async throws -> Self? {
        try await db.withSession(writing: false) { try await $0.fetchOne(sql, arguments.wireValues) { try $0.decode(at: 0) as Self } }
    }

    /// The first column of every row `sql` returns.
    ///
    /// - Throws: `DatabaseError`.
    public static func fetchAll(_ db: some PostgresExecutor, sql: String, arguments: StatementArguments = []) async throws -> [Self] {
        try await db.withSession(writing: false) { try await $0.fetchAll(sql, arguments.wireValues) { try $0.decode(at: 0) as Self } }
    }
}
#endif
