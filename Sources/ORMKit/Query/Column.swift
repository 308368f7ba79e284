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
/// wrapped type for optional columns), so a mistyped comparison does not compile. Values are stored with the
/// type's own ``ColumnValue`` conformance; a field declared with `storage:` gets a ``StoredColumn`` instead.
public struct Column<Value>: TypedExpression, ColumnProtocol {
    public typealias Storage = NativeStorage<Value>
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

extension Column: OrderingTerm where Value: ColumnValue, Value.SQLOrdering == SQLOrdered {}

/// A typed column whose field declares its storage in the schema (`storage: sqliteText` on a `Date`,
/// `scale: 2` on a `Decimal`): `StoredColumn<DateStorage.SQLiteText>("InvoiceDate", table: "Invoice")`.
///
/// Comparisons, `IN` lists, assignments and upserts bind values with `Storage`, so
/// `Invoice.invoiceDate >= start` compares TEXT with TEXT on a column of text dates. Ordering operators compile
/// only when `Storage` is an ``OrderedColumnStorage``.
public struct StoredColumn<Storage: ColumnStorage>: TypedExpression, ColumnProtocol {
    public typealias Value = Storage.Value
    /// The column name, unquoted.
    public let name: String
    /// The table name, unquoted.
    public let table: String

    /// Creates a typed column stored with `Storage`. Called by generated code.
    public init(_ name: String, table: String) {
        self.name = name
        self.table = table
    }

    /// The table-qualified column reference.
    public var sqlExpression: SQLExpression {
        SQLExpression(.column(table: table, name: name))
    }

    /// `value` as this column stores it: the argument to pass for this column in raw SQL
    /// (`arguments: [Invoice.invoiceDate.databaseValue(start)]`).
    public func databaseValue(_ value: Value) -> DatabaseValue {
        Storage.databaseValue(of: value)
    }
}

extension StoredColumn: OrderingTerm where Storage: OrderedColumnStorage {}
