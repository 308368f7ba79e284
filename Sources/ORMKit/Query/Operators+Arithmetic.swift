/// Numeric values, for arithmetic and `sum`/`average`: `Int`, `Int32`, `Int64`, `Double`, `Float` and their
/// optionals.
public protocol DatabaseNumeric: ColumnValue {}
extension Int: DatabaseNumeric {}
extension Int32: DatabaseNumeric {}
extension Int64: DatabaseNumeric {}
extension Double: DatabaseNumeric {}
extension Float: DatabaseNumeric {}
extension Optional: DatabaseNumeric where Wrapped: DatabaseNumeric {}

/// `lhs + rhs`.
public func + <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<E.Value>
where E.Value: DatabaseNumeric, E.Storage == NativeStorage<E.Value> {
    QueryExpression(.binary(.add, lhs.sqlExpression, E.argument(rhs)))
}

/// `lhs - rhs`.
public func - <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<E.Value>
where E.Value: DatabaseNumeric, E.Storage == NativeStorage<E.Value> {
    QueryExpression(.binary(.subtract, lhs.sqlExpression, E.argument(rhs)))
}

/// `lhs * rhs`.
public func * <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<E.Value>
where E.Value: DatabaseNumeric, E.Storage == NativeStorage<E.Value> {
    QueryExpression(.binary(.multiply, lhs.sqlExpression, E.argument(rhs)))
}

/// `lhs / rhs` (integer division for integer columns, as in SQLite).
public func / <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<E.Value>
where E.Value: DatabaseNumeric, E.Storage == NativeStorage<E.Value> {
    QueryExpression(.binary(.divide, lhs.sqlExpression, E.argument(rhs)))
}

/// `lhs + rhs` for two numeric expressions of the same type.
public func + <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<L.Value>
where L.Value: DatabaseNumeric, L.Value == R.Value, L.Storage == R.Storage {
    QueryExpression(.binary(.add, lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs - rhs` for two numeric expressions of the same type.
public func - <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<L.Value>
where L.Value: DatabaseNumeric, L.Value == R.Value, L.Storage == R.Storage {
    QueryExpression(.binary(.subtract, lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs * rhs` for two numeric expressions of the same type.
public func * <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<L.Value>
where L.Value: DatabaseNumeric, L.Value == R.Value, L.Storage == R.Storage {
    QueryExpression(.binary(.multiply, lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs / rhs` for two numeric expressions of the same type.
public func / <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<L.Value>
where L.Value: DatabaseNumeric, L.Value == R.Value, L.Storage == R.Storage {
    QueryExpression(.binary(.divide, lhs.sqlExpression, rhs.sqlExpression))
}

/// `-operand`.
public prefix func - <E: TypedExpression>(operand: E) -> QueryExpression<E.Value> where E.Value: DatabaseNumeric {
    QueryExpression(.negated(operand.sqlExpression))
}
