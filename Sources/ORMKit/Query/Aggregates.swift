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

/// `MIN(expression)`: nil when there is no non-NULL value.
public func min<E: TypedExpression>(_ expression: E) -> QueryExpression<E.Value.Nullable> where E.Value: ColumnValue {
    QueryExpression(.aggregate(.min, expression.sqlExpression, distinct: false))
}

/// `MAX(expression)`: nil when there is no non-NULL value.
public func max<E: TypedExpression>(_ expression: E) -> QueryExpression<E.Value.Nullable> where E.Value: ColumnValue {
    QueryExpression(.aggregate(.max, expression.sqlExpression, distinct: false))
}
