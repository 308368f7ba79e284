import Foundation
import ORMKitSQLite

extension UUID: ColumnValue {
    /// Reads a 16-byte BLOB, or the 36-character TEXT form.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, another storage class, or malformed bytes or text.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> UUID {
        let value = row.columnValue(at: index)
        switch sqlite3_value_type(value) {
        case SQLITE_BLOB:
            let uuid = Row.withBytes(of: value) { bytes -> UUID? in
                guard bytes.count == 16 else { return nil }
                var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: bytes) }
                return UUID(uuid: value)
            }
            guard let uuid else {
                throw row.decodingError(at: index, message: "the BLOB is not 16 bytes long, so it is not a UUID")
            }
            return uuid
        case SQLITE_TEXT:
            guard let uuid = UUID(uuidString: try row.checkedString(value, at: index, as: UUID.self)) else {
                throw row.decodingError(at: index, message: "the TEXT is not a UUID string")
            }
            return uuid
        default:
            throw row.typeMismatch(at: index, type: UUID.self)
        }
    }

    /// Binds the 16 bytes as a BLOB.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        var value = uuid
        try withUnsafeBytes(of: &value) { try binding.bindBlob(bytes: $0, at: index) }
    }

    /// `.blob` of the 16 bytes.
    public var storageValue: DatabaseValue {
        var value = uuid
        return .blob(withUnsafeBytes(of: &value) { Data($0) })
    }
}
