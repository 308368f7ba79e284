/// `"column" = value` in `updateAll`: made with `Column.set(to:)`.
public struct ColumnAssignment: Sendable {
    let table: String
    let column: String
    let value: SQLExpression
}

extension Column where Value: ColumnValue {
    /// Assigns a value: `Author.rating.set(to: 5)`.
    public func set(to value: Value) -> ColumnAssignment {
        ColumnAssignment(table: table, column: name, value: SQLExpression(.value(value.storageValue)))
    }

    /// Assigns an expression of the same type and storage: `Author.rating.set(to: Author.rating + 1)`.
    public func set<E: TypedExpression>(to expression: E) -> ColumnAssignment where E.Value == Value, E.Storage == NativeStorage<Value> {
        ColumnAssignment(table: table, column: name, value: expression.sqlExpression)
    }
}

extension StoredColumn {
    /// Assigns a value, stored as the column stores it: `Invoice.invoiceDate.set(to: date)`.
    public func set(to value: Value) -> ColumnAssignment {
        ColumnAssignment(table: table, column: name, value: SQLExpression(.value(Storage.databaseValue(of: value))))
    }

    /// Assigns an expression with the same storage: `Invoice.paidAt.set(to: Invoice.invoiceDate)`.
    public func set<E: TypedExpression>(to expression: E) -> ColumnAssignment where E.Value == Value, E.Storage == Storage {
        ColumnAssignment(table: table, column: name, value: expression.sqlExpression)
    }
}
