import Foundation

extension URL: ColumnValue {
    /// Reads a TEXT column holding `absoluteString`.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, another storage class, or text that is not a URL.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> URL {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> URL {
        guard let url = URL(string: try row.checkedString(value, at: index, as: URL.self)) else {
            throw row.decodingError(at: index, message: "the TEXT is not a valid URL")
        }
        return url
    }

    /// Binds `absoluteString` as TEXT.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindText(absoluteString, at: index)
    }

    /// `.text(absoluteString)`.
    public var storageValue: DatabaseValue { .text(absoluteString) }
}
