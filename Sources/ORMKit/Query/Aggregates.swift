/// `COUNT(*)`: the number of rows (per group, with `group(by:)`).
public func countAll() -> QueryExpression<Int> {
    QueryExpression(.aggregate(.count, nil, distinct: false))
}

/// `COUNT(expression)`: the number of non-NULL values.
public func count<E: TypedExpression>(_ expression: E) -> QueryExpression<Int> {
    QueryExpression(.aggregate(.count, expression.sqlExpression, distinct: false))
}

/// `COUNT(DISTINCT expression)`: the number of distinct non-NULL values.
public func count<E: TypedExpression>(distinct expression: E) -> QueryExpression<Int> {
    QueryExpression(.aggregate(.count, expression.sqlExpression, distinct: true))
}

/// `SUM(expression)`: nil when there is no non-NULL value.
public func sum<E: TypedExpression>(_ expression: E) -> QueryExpression<E.Value.Nullable> where E.Value: DatabaseNumeric {
    QueryExpression(.aggregate(.sum, expression.sqlExpression, distinct: false))
}

/// `AVG(expression)`: nil when there is no non-NULL value.
public func average<E: TypedExpression>(_ expression: E) -> QueryExpression<Double?> where E.Value: DatabaseNumeric {
    QueryExpression(.aggregate(.average, expression.sqlExpression, distinct: false))
}

/// `SUM(column)` of a column whose storage sums exactly (a `Decimal` with `scale:`, stored as scaled INTEGER):
/// nil when there is no non-NULL value.
public func sum<S: AdditiveColumnStorage>(_ column: StoredColumn<S>) -> StoredExpression<S.Nullable> {
    StoredExpression(.aggregate(.sum, column.sqlExpression, distinct: false))
}

/// `MIN(expression)`, read with the expression's storage: nil when there is no non-NULL value. Compiles only
/// for storages that sort as the values do.
public func min<E: TypedExpression>(_ expression: E) -> StoredExpression<E.Storage.Nullable> where E.Storage: OrderedColumnStorage {
    StoredExpression(.aggregate(.min, expression.sqlExpression, distinct: false))
}

/// `MAX(expression)`, read with the expression's storage: nil when there is no non-NULL value. Compiles only
/// for storages that sort as the values do.
public func max<E: TypedExpression>(_ expression: E) -> StoredExpression<E.Storage.Nullable> where E.Storage: OrderedColumnStorage {
    StoredExpression(.aggregate(.max, expression.sqlExpression, distinct: false))
}
