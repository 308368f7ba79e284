/// An SQL expression whose result has the Swift type `Value`: a `Column`, a comparison, an aggregate, …
///
/// The query builder's operators are generic over this protocol, so comparing a column with a value of
/// another Swift type does not compile.
public protocol TypedExpression<Value>: Sendable {
    /// The Swift type of the expression's value.
    associatedtype Value
    /// The untyped expression tree.
    var sqlExpression: SQLExpression { get }
}

/// A typed expression built by the query builder's operators and functions (`Author.rating > 3`,
/// `sum(Author.rating)`).
public struct QueryExpression<Value>: TypedExpression, OrderingTerm {
    /// The untyped expression tree.
    public let sqlExpression: SQLExpression

    init(_ node: SQLExpression.Node) {
        self.sqlExpression = SQLExpression(node)
    }
}

extension TypedExpression where Value: ColumnValue {
    /// A bound value of `Value`.
    static func value(_ value: Value) -> SQLExpression {
        SQLExpression(.value(value.storageValue))
    }
}
