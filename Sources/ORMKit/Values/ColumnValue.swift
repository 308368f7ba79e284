/// A Swift type the runtime reads from and binds to one SQLite column, with no boxing.
///
/// The runtime conforms `Bool`, `Int`, `Int32`, `Int64`, `Double`, `Float`, `String`, `Data`, `Date`,
/// `UUID`, `URL`, `Decimal`, `Optional` of each, and `RawRepresentable` enums whose raw value is one of
/// those. For your own types, conform to ``DatabaseValueConvertible`` instead.
public protocol ColumnValue: Sendable {
    /// Reads the value of column `index` of the current row.
    ///
    /// - Throws: `DatabaseError` (code `.decoding`) on NULL (for non-optional types) or a wrong storage class.
    static func decode(from row: Row, at index: Int32) throws -> Self

    /// Binds the value to parameter `index` (1-based) of a prepared statement.
    func bind(to statement: StatementBinding, at index: Int32) throws

    /// The value as a SQLite storage class: used for query arguments and tracing, never on the row path.
    var databaseValue: DatabaseValue { get }
}
