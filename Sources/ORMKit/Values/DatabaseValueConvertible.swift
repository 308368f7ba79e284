/// A user type stored in one column by converting it to and from a built-in column type: the
/// "type converter".
///
/// Conform one type and it can be a model field (`converter: true` in the schema), a query-builder value
/// and a raw SQL argument. Reading and binding go through `DatabaseRepresentation`'s fast path.
///
/// ```swift
/// struct Color: DatabaseValueConvertible, Hashable {
///     var red, green, blue: UInt8
///
///     // Stored as one INTEGER: 0xRRGGBB.
///     var databaseValue: Int { Int(red) << 16 | Int(green) << 8 | Int(blue) }
///
///     init(databaseValue: Int) throws {
///         guard (0...0xFFFFFF).contains(databaseValue) else { throw ColorError.outOfRange(databaseValue) }
///         self.init(red: UInt8(databaseValue >> 16), green: UInt8(databaseValue >> 8 & 0xFF), blue: UInt8(databaseValue & 0xFF))
///     }
/// }
/// ```
///
/// An error thrown by `init(databaseValue:)` becomes a `DatabaseError` (`.decoding`) naming the table, column
/// and row.
public protocol DatabaseValueConvertible: ColumnValue {
    /// The built-in type the value is stored as (`Int` for INTEGER, `String` for TEXT, `Double`, `Data`, …).
    associatedtype DatabaseRepresentation: ColumnValue

    /// The stored form of the value.
    var databaseValue: DatabaseRepresentation { get }

    /// Creates the value from its stored form.
    ///
    /// - Throws: any error when the stored value is not valid; the runtime reports it as a decoding error.
    init(databaseValue: DatabaseRepresentation) throws
}

extension DatabaseValueConvertible {
    /// Reads the stored form and converts it.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) when the stored form cannot be read or `init(databaseValue:)` throws.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Self {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Self {
        let stored = try DatabaseRepresentation._decode(from: row, value: value, at: index)
        do {
            return try Self(databaseValue: stored)
        } catch {
            throw row.decodingError(at: index, message: "\(Self.self)(databaseValue:) failed: \(error)")
        }
    }

    /// Binds the stored form.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try databaseValue.bind(to: binding, at: index)
    }

    /// Checks the stored form.
    ///
    /// - Throws: what the stored form's type throws.
    @inlinable
    public func checkStorable() throws {
        try databaseValue.checkStorable()
    }

    /// The stored form's storage value.
    public var storageValue: DatabaseValue { databaseValue.storageValue }
}
