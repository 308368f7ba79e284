/// The values bound to the parameters of raw SQL (`?` on SQLite, `$1, $2, …` on PostgreSQL), in order.
///
/// Write them as an array literal of any `ColumnValue`s (and `nil`):
///
/// ```swift
/// try db.execute(sql: "UPDATE authors SET rating = ? WHERE name = ?", arguments: [4.5, name])
/// ```
public struct StatementArguments: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The values, as SQLite storage classes.
    public var values: [DatabaseValue]
    /// The same values as a server engine takes them (a `Date` as a timestamp, a `UUID` as a UUID).
    public var wireValues: [WireValue]

    /// Creates arguments from boxed values.
    public init(_ values: [DatabaseValue]) {
        self.values = values
        self.wireValues = values.map(\.wireValue)
    }

    /// Creates arguments from any column values; `nil` binds NULL.
    public init(_ values: [(any ColumnValue)?]) {
        self.values = values.map { $0?.storageValue ?? .null }
        self.wireValues = values.map { $0?.wireValue ?? .null }
    }

    /// Creates arguments from an array literal: `["Ann", 3, nil]`.
    public init(arrayLiteral elements: (any ColumnValue)?...) {
        self.init(elements)
    }
}
