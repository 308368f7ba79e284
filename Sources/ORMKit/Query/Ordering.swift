/// Something `order(_:)` accepts: a column or expression (ascending), or an explicit `Ordering`.
public protocol OrderingTerm: Sendable {
    /// The term as an ordering.
    var ordering: Ordering { get }
}

/// One `ORDER BY` term: an expression and its direction.
public struct Ordering: OrderingTerm, Hashable {
    let expression: SQLExpression
    let isDescending: Bool

    /// Itself.
    public var ordering: Ordering { self }
}

extension TypedExpression where Storage: OrderedColumnStorage {
    /// Ascending order (`expression ASC`).
    public var asc: Ordering { Ordering(expression: sqlExpression, isDescending: false) }
    /// Descending order (`expression DESC`).
    public var desc: Ordering { Ordering(expression: sqlExpression, isDescending: true) }
}

extension OrderingTerm where Self: TypedExpression, Self.Storage: OrderedColumnStorage {
    /// Ascending.
    public var ordering: Ordering { asc }
}
