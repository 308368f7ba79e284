import Foundation
import ORMKitSQLite

extension Decimal: ColumnValue {
    /// TEXT sorts `"10"` before `"9.2"`: ordering operators do not compile on a `Decimal` stored as TEXT. Declare
    /// `scale:` (scaled INTEGER) or `storage: real` in the schema to compare and sort.
    public typealias SQLOrdering = SQLUnordered

    /// Reads a TEXT column holding the exact decimal `description`, or the INTEGER or REAL a `NUMERIC` column
    /// turns it into (a REAL reads as its shortest decimal form: 0.99 is exactly `0.99`).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, a BLOB, or text that is not a number.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Decimal {
        try row.checkedDecimal(row.columnValue(at: index), at: index)
    }

    /// Binds `description` (exact and locale-independent) as TEXT.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for NaN, which would be stored as the text `NaN` that no read
    ///   accepts.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        guard !isNaN else {
            throw DatabaseError(kind: .encoding, resultCode: SQLITE_MISMATCH, message: "a NaN Decimal cannot be stored")
        }
        try binding.bindText(description, at: index)
    }

    /// `.text(description)`.
    public var storageValue: DatabaseValue { .text(description) }
}
