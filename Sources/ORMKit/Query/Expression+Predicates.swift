extension TypedExpression {
    /// `expression IS NULL`. Works on every column, JSON columns included.
    public var isNull: QueryExpression<Bool> {
        QueryExpression(.isNull(sqlExpression, negated: false))
    }

    /// `expression IS NOT NULL`.
    public var isNotNull: QueryExpression<Bool> {
        QueryExpression(.isNull(sqlExpression, negated: true))
    }
}

extension TypedExpression where Storage: ColumnStorage {
    /// `expression IN (?, ?, …)`; false for an empty list.
    public func `in`(_ values: some Sequence<Value>) -> QueryExpression<Bool> {
        QueryExpression(.inList(sqlExpression, values.map { Self.argument($0) }, negated: false))
    }

    /// `expression NOT IN (?, ?, …)`; true for an empty list.
    public func notIn(_ values: some Sequence<Value>) -> QueryExpression<Bool> {
        QueryExpression(.inList(sqlExpression, values.map { Self.argument($0) }, negated: true))
    }

}

extension TypedExpression where Storage: OrderedColumnStorage {
    /// `expression BETWEEN lower AND upper` (both ends included).
    public func between(_ lower: Value, and upper: Value) -> QueryExpression<Bool> {
        QueryExpression(.between(sqlExpression, lower: Self.argument(lower), upper: Self.argument(upper), negated: false))
    }

    /// `expression NOT BETWEEN lower AND upper`.
    public func notBetween(_ lower: Value, and upper: Value) -> QueryExpression<Bool> {
        QueryExpression(.between(sqlExpression, lower: Self.argument(lower), upper: Self.argument(upper), negated: true))
    }
}

/// Text values: `String` and `String?`, for `like` and `glob`.
public protocol DatabaseText: ColumnValue {}
extension String: DatabaseText {}
extension Optional: DatabaseText where Wrapped == String {}

extension TypedExpression where Value: DatabaseText {
    /// `expression LIKE pattern` (`%` any run, `_` one character; ASCII case-insensitive).
    public func like(_ pattern: String) -> QueryExpression<Bool> {
        QueryExpression(.binary(.like, sqlExpression, SQLExpression.value(.text(pattern))))
    }

    /// `expression GLOB pattern` (`*`, `?`, `[…]`; case-sensitive).
    public func glob(_ pattern: String) -> QueryExpression<Bool> {
        QueryExpression(.binary(.glob, sqlExpression, SQLExpression.value(.text(pattern))))
    }
}
