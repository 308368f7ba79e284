/// `lhs AND rhs`.
public func && <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == Bool, R.Value == Bool {
    QueryExpression(.binary(.and, lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs OR rhs`.
public func || <L: TypedExpression, R: TypedExpression>(lhs: L, rhs: R) -> QueryExpression<Bool>
where L.Value == Bool, R.Value == Bool {
    QueryExpression(.binary(.or, lhs.sqlExpression, rhs.sqlExpression))
}

/// `NOT operand`.
public prefix func ! <E: TypedExpression>(operand: E) -> QueryExpression<Bool> where E.Value == Bool {
    QueryExpression(.not(operand.sqlExpression))
}
