import Foundation

// The queries the type system refuses, spelled out. Each declaration below matches only a use the real API refuses
// (a `Decimal` stored as TEXT in an ordering, a `Decimal` sum that would not be exact, two columns of one Swift type
// stored in different forms), so the compiler picks it only when nothing valid applies and reports its message, which
// names the remedy in the schema, instead of an unmet generic requirement. None of them can be called.

// MARK: A Decimal stored as TEXT does not sort

/// Refused: `<` on a value that does not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func < <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool>
where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
    fatalError("unavailable")
}

/// Refused: `<=` on a value that does not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func <= <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool>
where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
    fatalError("unavailable")
}

/// Refused: `>` on a value that does not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func > <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool>
where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
    fatalError("unavailable")
}

/// Refused: `>=` on a value that does not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func >= <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool>
where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
    fatalError("unavailable")
}

/// Refused: `<` between two expressions whose values do not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func < <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == R.Value, L.Storage == R.Storage, L.Value: ColumnValue, L.Value.SQLOrdering == SQLUnordered,
    L.Storage == NativeStorage<L.Value> {
    fatalError("unavailable")
}

/// Refused: `<=` between two expressions whose values do not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func <= <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == R.Value, L.Storage == R.Storage, L.Value: ColumnValue, L.Value.SQLOrdering == SQLUnordered,
    L.Storage == NativeStorage<L.Value> {
    fatalError("unavailable")
}

/// Refused: `>` between two expressions whose values do not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func > <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == R.Value, L.Storage == R.Storage, L.Value: ColumnValue, L.Value.SQLOrdering == SQLUnordered,
    L.Storage == NativeStorage<L.Value> {
    fatalError("unavailable")
}

/// Refused: `>=` between two expressions whose values do not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func >= <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == R.Value, L.Storage == R.Storage, L.Value: ColumnValue, L.Value.SQLOrdering == SQLUnordered,
    L.Storage == NativeStorage<L.Value> {
    fatalError("unavailable")
}

extension TypedExpression where Value: ColumnValue, Value.SQLOrdering == SQLUnordered, Storage == NativeStorage<Value> {
    /// Refused: ascending order on a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public var asc: Ordering { fatalError("unavailable") }

    /// Refused: descending order on a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public var desc: Ordering { fatalError("unavailable") }

    /// Refused: `BETWEEN` on a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public func between(_ lower: Value, and upper: Value) -> QueryExpression<Bool> { fatalError("unavailable") }

    /// Refused: `NOT BETWEEN` on a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public func notBetween(_ lower: Value, and upper: Value) -> QueryExpression<Bool> { fatalError("unavailable") }
}

/// Refused: `MIN` of a value that does not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func min<E: TypedExpression>(_ expression: E) -> QueryExpression<E.Value>
where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
    fatalError("unavailable")
}

/// Refused: `MAX` of a value that does not sort in SQL as in Swift.
@available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
public func max<E: TypedExpression>(_ expression: E) -> QueryExpression<E.Value>
where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
    fatalError("unavailable")
}

extension Record {
    /// Refused: sorting by a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public static func order<E: TypedExpression>(_ term: E) -> QueryRequest<Self>
    where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
        fatalError("unavailable")
    }
}

extension QueryRequest {
    /// Refused: sorting by a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public func order<E: TypedExpression>(_ term: E) -> Self
    where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
        fatalError("unavailable")
    }
}

// MARK: A Decimal sum is exact only as a scaled INTEGER

/// Refused: `SUM` of a `Decimal` that is not stored as a scaled INTEGER.
@available(*, unavailable, message: "SUM of a Decimal is exact only as a scaled INTEGER (REAL sums round, TEXT sums are not numbers): declare `scale: N` for the field in the schema")
public func sum<E: TypedExpression>(_ expression: E) -> QueryExpression<Decimal?> where E.Value == Decimal {
    fatalError("unavailable")
}

/// Refused: `SUM` of an optional `Decimal` that is not stored as a scaled INTEGER.
@available(*, unavailable, message: "SUM of a Decimal is exact only as a scaled INTEGER (REAL sums round, TEXT sums are not numbers): declare `scale: N` for the field in the schema")
public func sum<E: TypedExpression>(_ expression: E) -> QueryExpression<Decimal?> where E.Value == Decimal? {
    fatalError("unavailable")
}

// MARK: The aggregate verbs, for the same reasons

extension QueryRequest {
    /// Refused: `SUM` of a `Decimal` that is not stored as a scaled INTEGER.
    @available(*, unavailable, message: "SUM of a Decimal is exact only as a scaled INTEGER (REAL sums round, TEXT sums are not numbers): declare `scale: N` for the field in the schema")
    public func sum<E: TypedExpression>(_ db: Connection, _ column: E) throws -> Decimal? where E.Value == Decimal {
        fatalError("unavailable")
    }

    /// Refused: `SUM` of an optional `Decimal` that is not stored as a scaled INTEGER.
    @available(*, unavailable, message: "SUM of a Decimal is exact only as a scaled INTEGER (REAL sums round, TEXT sums are not numbers): declare `scale: N` for the field in the schema")
    public func sum<E: TypedExpression>(_ db: Connection, _ column: E) throws -> Decimal? where E.Value == Decimal? {
        fatalError("unavailable")
    }

    /// Refused: `MIN` of a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public func min<E: TypedExpression>(_ db: Connection, _ column: E) throws -> E.Value
    where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
        fatalError("unavailable")
    }

    /// Refused: `MAX` of a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public func max<E: TypedExpression>(_ db: Connection, _ column: E) throws -> E.Value
    where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
        fatalError("unavailable")
    }

    /// Refused: `SUM` of a `Decimal` that is not stored as a scaled INTEGER.
    @available(*, unavailable, message: "SUM of a Decimal is exact only as a scaled INTEGER (REAL sums round, TEXT sums are not numbers): declare `scale: N` for the field in the schema")
    public func sum<E: TypedExpression>(_ db: some DatabaseReader, _ column: E) async throws -> Decimal? where E.Value == Decimal {
        fatalError("unavailable")
    }

    /// Refused: `SUM` of an optional `Decimal` that is not stored as a scaled INTEGER.
    @available(*, unavailable, message: "SUM of a Decimal is exact only as a scaled INTEGER (REAL sums round, TEXT sums are not numbers): declare `scale: N` for the field in the schema")
    public func sum<E: TypedExpression>(_ db: some DatabaseReader, _ column: E) async throws -> Decimal? where E.Value == Decimal? {
        fatalError("unavailable")
    }

    /// Refused: `MIN` of a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public func min<E: TypedExpression>(_ db: some DatabaseReader, _ column: E) async throws -> E.Value
    where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
        fatalError("unavailable")
    }

    /// Refused: `MAX` of a value that does not sort in SQL as in Swift.
    @available(*, unavailable, message: "a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema")
    public func max<E: TypedExpression>(_ db: some DatabaseReader, _ column: E) async throws -> E.Value
    where E.Value: ColumnValue, E.Value.SQLOrdering == SQLUnordered, E.Storage == NativeStorage<E.Value> {
        fatalError("unavailable")
    }
}

// MARK: Two columns of one type stored in different forms

/// Refused: `=` between two columns whose fields store the same Swift type in different forms.
@available(*, unavailable, message: "the two sides store their values in different forms (their fields declare different `storage:`), so SQL would compare unlike values: declare the same `storage:` for both fields, or compare each side with a Swift value")
public func == <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool> where L.Value == R.Value {
    fatalError("unavailable")
}

/// Refused: `<>` between two columns whose fields store the same Swift type in different forms.
@available(*, unavailable, message: "the two sides store their values in different forms (their fields declare different `storage:`), so SQL would compare unlike values: declare the same `storage:` for both fields, or compare each side with a Swift value")
public func != <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool> where L.Value == R.Value {
    fatalError("unavailable")
}

/// Refused: `<` between two columns whose fields store the same Swift type in different forms.
@available(*, unavailable, message: "the two sides store their values in different forms (their fields declare different `storage:`), so SQL would compare unlike values: declare the same `storage:` for both fields, or compare each side with a Swift value")
public func < <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool> where L.Value == R.Value {
    fatalError("unavailable")
}

/// Refused: `<=` between two columns whose fields store the same Swift type in different forms.
@available(*, unavailable, message: "the two sides store their values in different forms (their fields declare different `storage:`), so SQL would compare unlike values: declare the same `storage:` for both fields, or compare each side with a Swift value")
public func <= <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool> where L.Value == R.Value {
    fatalError("unavailable")
}

/// Refused: `>` between two columns whose fields store the same Swift type in different forms.
@available(*, unavailable, message: "the two sides store their values in different forms (their fields declare different `storage:`), so SQL would compare unlike values: declare the same `storage:` for both fields, or compare each side with a Swift value")
public func > <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool> where L.Value == R.Value {
    fatalError("unavailable")
}

/// Refused: `>=` between two columns whose fields store the same Swift type in different forms.
@available(*, unavailable, message: "the two sides store their values in different forms (their fields declare different `storage:`), so SQL would compare unlike values: declare the same `storage:` for both fields, or compare each side with a Swift value")
public func >= <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool> where L.Value == R.Value {
    fatalError("unavailable")
}
