/// A column of a table, untyped: what `update(columns:)` and `upsert(onConflict:)` take.
public protocol ColumnProtocol: Sendable {
    /// The column name, unquoted.
    var name: String { get }
    /// The table name, unquoted.
    var table: String { get }
}

/// A typed column for the query builder: `Column<Double>("rating", table: "authors")`.
///
/// Generated models declare one per stored field (`Author.rating`, `Author.Columns.rating`).
/// `Value` is the field's Swift type, optional for nullable columns; comparisons take a `Value` (or its
/// wrapped type for optional columns), so a mistyped comparison does not compile.
public struct Column<Value>: TypedExpression, ColumnProtocol, OrderingTerm {
    /// The column name, unquoted.
    public let name: String
    /// The table name, unquoted.
    public let table: String

    /// Creates a typed column. Called by generated code.
    public init(_ name: String, table: String) {
        self.name = name
        self.table = table
    }

    /// The table-qualified column reference.
    public var sqlExpression: SQLExpression {
        SQLExpression(.column(table: table, name: name))
    }
}
