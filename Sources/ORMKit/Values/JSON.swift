import Foundation
import ORMKitSQLite

extension Row {
    /// Decodes column `index` (TEXT holding JSON) as `V`, for fields with `storage: json`. When `V` is
    /// optional, NULL reads as nil.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) naming the column and row on NULL for a non-optional `V`, on a
    ///   value that is neither TEXT nor BLOB, or when the JSON does not decode as `V`.
    @inlinable
    public func decodeJSON<V: Decodable>(at index: Int32) throws -> V {
        switch storageClass(at: index) {
        case SQLITE_TEXT, SQLITE_BLOB:
            return try decodeJSONText(at: index)
        case SQLITE_NULL:
            return try decodeJSONNull(at: index)
        default:
            throw typeMismatch(at: index, type: V.self)
        }
    }

    @usableFromInline
    func decodeJSONText<V: Decodable>(at index: Int32) throws -> V {
        do {
            return try withBytes(at: index) { bytes in try JSONCoding.decode(V.self, from: bytes) }
        } catch {
            throw decodingError(at: index, message: "the JSON does not decode as \(V.self): \(error)")
        }
    }

    /// NULL decodes as JSON `null`: nil for an optional `V`, an error otherwise. (No casts needed to tell.)
    @usableFromInline
    func decodeJSONNull<V: Decodable>(at index: Int32) throws -> V {
        do {
            return try JSONDecoder().decode(V.self, from: Data("null".utf8))
        } catch {
            throw unexpectedNull(at: index, type: V.self)
        }
    }
}

extension RecordEncoder {
    /// Binds `value` encoded as JSON text (sorted keys) to the next parameter, for fields with `storage: json`.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) when `value` fails to encode.
    @inlinable
    public mutating func encodeJSON<V: Encodable>(_ value: V) throws {
        defer { nextIndex += 1 }
        guard nextIndex <= parameterCount else { return }
        try bindJSON(value, at: nextIndex)
    }

    /// Binds `value` as JSON text, or NULL when it is nil.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) when `value` fails to encode.
    @inlinable
    public mutating func encodeJSON<V: Encodable>(_ value: V?) throws {
        defer { nextIndex += 1 }
        guard nextIndex <= parameterCount else { return }
        if let value {
            try bindJSON(value, at: nextIndex)
        } else {
            try binding.bindNull(at: nextIndex)
        }
    }

    @usableFromInline
    func bindJSON<V: Encodable>(_ value: V, at index: Int32) throws {
        let data: Data
        do {
            data = try JSONCoding.encode(value)
        } catch {
            throw DatabaseError(kind: .encoding, message: "\(V.self) does not encode as JSON: \(error)")
        }
        let code = data.withUnsafeBytes { binding.bindTextBytes($0, at: index) }
        try binding.check(code)
    }
}

/// The JSON encoding ORMKit stores: `JSONEncoder` with sorted keys, so equal values store equal text.
@usableFromInline
enum JSONCoding {
    /// One decoder for every JSON column read (a `JSONDecoder` decodes from any thread; making one per row cost
    /// more than a small document's decode).
    @usableFromInline
    static let decoder = JSONDecoder()

    /// Decodes `bytes` as `V` without copying them: the `Data` the decoder reads wraps them for the call only (a
    /// copy cost an allocation and a `memcpy` per value read).
    static func decode<V: Decodable>(_ type: V.Type, from bytes: UnsafeRawBufferPointer) throws -> V {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return try decoder.decode(V.self, from: Data()) }
        let unowned = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
        return try decoder.decode(V.self, from: unowned)
    }

    static func encode<V: Encodable>(_ value: V) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }
}
