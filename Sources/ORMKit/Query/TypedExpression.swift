/// An SQL expression whose result has the Swift type `Value`: a `Column`, a comparison, an aggregate, …
///
/// The query builder's operators are generic over this protocol, so comparing a column with a value of
/// another Swift type does not compile. `Storage` says how values compared with the expression are bound and
/// how its results are read: the value's own (``NativeStorage``) unless a field declares `storage:`
/// (``StoredColumn``).
public protocol TypedExpression<Value>: Sendable {
    /// The Swift type of the expression's value.
    associatedtype Value
    /// How the expression's values are stored.
    associatedtype Storage: ValueStorage = NativeStorage<Value> where Storage.Value == Value
    /// The untyped expression tree.
    var sqlExpression: SQLExpression { get }
}

/// A typed expression built by the query builder's operators and functions (`Author.rating > 3`,
/// `sum(Author.rating)`), read and bound with its value's native storage.
public struct QueryExpression<Value>: TypedExpression {
    public typealias Storage = NativeStorage<Value>
    /// The untyped expression tree.
    public let sqlExpression: SQLExpression

    init(_ node: SQLExpression.Node) {
        self.sqlExpression = SQLExpression(node)
    }
}

extension QueryExpression: OrderingTerm where Value: ColumnValue, Value.SQLOrdering == SQLOrdered {}

/// A typed expression whose values are stored with `Storage`: what aggregates of a ``StoredColumn`` give
/// (`min(Invoice.invoiceDate)` reads the column's TEXT dates back as `Date?`).
public struct StoredExpression<Storage: ColumnStorage>: TypedExpression {
    public typealias Value = Storage.Value
    /// The untyped expression tree.
    public let sqlExpression: SQLExpression

    init(_ node: SQLExpression.Node) {
        self.sqlExpression = SQLExpression(node)
    }
}

extension StoredExpression: OrderingTerm where Storage: OrderedColumnStorage {}

extension TypedExpression where Storage: ColumnStorage {
    /// `value` bound as this expression stores it.
    static func argument(_ value: Value) -> SQLExpression {
        SQLExpression.value(value, storage: Storage.self)
    }
}
