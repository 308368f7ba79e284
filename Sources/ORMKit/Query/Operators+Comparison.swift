// Comparisons of a typed expression with a value of its own type, or with another expression of the same type.
// `Column<Date?>` compares with a `Date` (promoted to `Date?`); comparing with `nil` renders `IS NULL`. Values are bound
// with the expression's storage; `<`, `<=`, `>`, `>=` need an ordered one (not `Decimal` as TEXT).

/// `lhs = rhs` (`IS NULL` when `rhs` is nil).
public func == <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool> where E.Storage: ColumnStorage {
    comparison(lhs.sqlExpression, E.argument(rhs), .equal)
}

/// `lhs <> rhs` (`IS NOT NULL` when `rhs` is nil).
public func != <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool> where E.Storage: ColumnStorage {
    comparison(lhs.sqlExpression, E.argument(rhs), .notEqual)
}

/// `lhs < rhs`.
public func < <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool> where E.Storage: OrderedColumnStorage {
    QueryExpression(.binary(.less, lhs.sqlExpression, E.argument(rhs)))
}

/// `lhs <= rhs`.
public func <= <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool> where E.Storage: OrderedColumnStorage {
    QueryExpression(.binary(.lessOrEqual, lhs.sqlExpression, E.argument(rhs)))
}

/// `lhs > rhs`.
public func > <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool> where E.Storage: OrderedColumnStorage {
    QueryExpression(.binary(.greater, lhs.sqlExpression, E.argument(rhs)))
}

/// `lhs >= rhs`.
public func >= <E: TypedExpression>(lhs: E, rhs: E.Value) -> QueryExpression<Bool> where E.Storage: OrderedColumnStorage {
    QueryExpression(.binary(.greaterOrEqual, lhs.sqlExpression, E.argument(rhs)))
}

/// `lhs = rhs` for two expressions of the same type (`Book.authorId == Author.id`).
public func == <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool> where L.Value == R.Value, L.Storage == R.Storage {
    QueryExpression(.binary(.equal, lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs <> rhs` for two expressions of the same type.
public func != <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool> where L.Value == R.Value, L.Storage == R.Storage {
    QueryExpression(.binary(.notEqual, lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs < rhs` for two expressions of the same type.
public func < <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == R.Value, L.Storage == R.Storage, L.Storage: OrderedColumnStorage {
    QueryExpression(.binary(.less, lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs <= rhs` for two expressions of the same type.
public func <= <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == R.Value, L.Storage == R.Storage, L.Storage: OrderedColumnStorage {
    QueryExpression(.binary(.lessOrEqual, lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs > rhs` for two expressions of the same type.
public func > <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == R.Value, L.Storage == R.Storage, L.Storage: OrderedColumnStorage {
    QueryExpression(.binary(.greater, lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >= rhs` for two expressions of the same type.
public func >= <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == R.Value, L.Storage == R.Storage, L.Storage: OrderedColumnStorage {
    QueryExpression(.binary(.greaterOrEqual, lhs.sqlExpression, rhs.sqlExpression))
}

/// `=`/`<>` against a value, switching to `IS [NOT] NULL` for NULL (where `= NULL` would never match).
private func comparison(_ lhs: SQLExpression, _ rhs: SQLExpression, _ op: BinaryOperator) -> QueryExpression<Bool> {
    if case .value(let bound) = rhs.node, bound.refusal == nil, bound.storageForm == .null {
        return QueryExpression(.isNull(lhs, negated: op == .notEqual))
    }
    return QueryExpression(.binary(op, lhs, rhs))
}
