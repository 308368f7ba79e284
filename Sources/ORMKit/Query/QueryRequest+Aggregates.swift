extension QueryRequest {
    /// The value of one aggregate over the matching rows: `Author.all().aggregate(db, average(Author.rating))`.
    ///
    /// - Throws: `DatabaseError`.
    public func aggregate<E: TypedExpression>(_ db: Connection, _ expression: E) throws -> E.Value
    where E.Storage: ColumnStorage {
        try aggregated(try aggregateRequest(expression).fetchOne(db))
    }

    /// `SUM` of `column` over the matching rows; nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`.
    public func sum<E: TypedExpression>(_ db: Connection, _ column: E) throws -> E.Value.Nullable where E.Value: DatabaseNumeric {
        try aggregate(db, ORMKit.sum(column))
    }

    /// `SUM` of a column stored as scaled INTEGER (exact); nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`.
    public func sum<S: AdditiveColumnStorage>(_ db: Connection, _ column: StoredColumn<S>) throws -> S.Nullable.Value {
        try aggregate(db, ORMKit.sum(column))
    }

    /// `AVG` of `column` over the matching rows; nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`.
    public func average<E: TypedExpression>(_ db: Connection, _ column: E) throws -> Double? where E.Value: DatabaseNumeric {
        try aggregate(db, ORMKit.average(column))
    }

    /// `MIN` of `column` over the matching rows; nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`.
    public func min<E: TypedExpression>(_ db: Connection, _ column: E) throws -> E.Storage.Nullable.Value
    where E.Storage: OrderedColumnStorage {
        try aggregate(db, ORMKit.min(column))
    }

    /// `MAX` of `column` over the matching rows; nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`.
    public func max<E: TypedExpression>(_ db: Connection, _ column: E) throws -> E.Storage.Nullable.Value
    where E.Storage: OrderedColumnStorage {
        try aggregate(db, ORMKit.max(column))
    }

    /// The number of distinct non-NULL values of `column` over the matching rows.
    ///
    /// - Throws: `DatabaseError`.
    public func count<E: TypedExpression>(_ db: Connection, distinct column: E) throws -> Int {
        try aggregate(db, ORMKit.count(distinct: column))
    }
}

extension QueryRequest {
    /// The selection of one aggregate over the request's rows, unordered.
    func aggregateRequest<E: TypedExpression>(_ expression: E) -> SelectRequest<R, E.Value> where E.Storage: ColumnStorage {
        var request = self
        request.orderings = []
        return request.select(expression)
    }

    /// The aggregate's value from the row fetched.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when there was no row (a grouped request over no group).
    func aggregated<Value>(_ row: Value?) throws -> Value {
        guard let row else {
            throw DatabaseError(kind: .misuse, message: "the aggregate returned no row (is the request grouped?)", table: R.schema.name)
        }
        return row
    }
}
