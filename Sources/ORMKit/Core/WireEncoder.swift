import Foundation

/// Collects a record's values as `WireValue`s for a server engine's statement parameters, in order: $1, $2, …
///
/// Like SQLite's ``RecordEncoder``, values past the statement's parameter count are skipped, so one
/// `encode(to:)` serves `INSERT … VALUES ($1, …, $n)`, `UPDATE … SET "b" = $2 WHERE "id" = $1` and
/// `DELETE … WHERE "id" = $1`.
public struct WireEncoder {
    /// The values encoded so far (at most the parameter count).
    public var values: [WireValue] { encoded }
    /// `values`, appended to by the inlined `encode` calls of the generated codecs.
    @usableFromInline var encoded: [WireValue] = []
    @usableFromInline let parameterCount: Int
    /// The index of the next value to encode (0-based), counting skipped ones.
    @usableFromInline var nextIndex = 0

    /// Creates an encoder for a statement with `parameterCount` parameters. Called by engine backends.
    public init(parameterCount: Int) {
        self.parameterCount = parameterCount
        encoded.reserveCapacity(parameterCount)
    }

    /// Appends the next value (skipped past the parameter count). Inlinable, as the `encode` methods that call it
    /// are: a call and an autoclosure context a value otherwise (about 57 instructions).
    @inlinable
    mutating func append(_ value: @autoclosure () throws -> WireValue) rethrows {
        defer { nextIndex += 1 }
        if nextIndex < parameterCount { encoded.append(try value()) }
    }

    /// Encodes `value` as the next parameter.
    @inlinable
    public mutating func encode<V: ColumnValue>(_ value: V) throws {
        append(value.wireValue)
    }

    /// Encodes `value` as the next parameter; the storage only checks what it promises (a scaled `Decimal`'s
    /// fraction digits), the value travels as its own type.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) when the value breaks the storage's promise.
    @inlinable
    public mutating func encode<S: ColumnStorage>(_ value: S.Value, as storage: S.Type) throws {
        if nextIndex < parameterCount { try S.checkStorable(value) }
        append(S.wireValue(of: value))
    }

    /// Encodes `value` as JSON text (sorted keys) for a `JSONB` column.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) when `value` fails to encode.
    public mutating func encodeJSON<V: Encodable>(_ value: V) throws {
        try append(try Self.json(value))
    }

    /// Encodes `value` as JSON text, or NULL when it is nil.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) when `value` fails to encode.
    public mutating func encodeJSON<V: Encodable>(_ value: V?) throws {
        if let value {
            try append(try Self.json(value))
        } else {
            append(.null)
        }
    }

    static func json<V: Encodable>(_ value: V) throws -> WireValue {
        do {
            return .json(String(decoding: try JSONCoding.encode(value), as: UTF8.self))
        } catch {
            throw DatabaseError(kind: .encoding, message: "\(V.self) does not encode as JSON: \(error)")
        }
    }
}

extension WireEncoder: RowEncoder {}
extension WireRow: RowDecoder {}
