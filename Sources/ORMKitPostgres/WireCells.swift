#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import NIOCore
import ORMKit
import PostgresNIO

// PostgreSQL cells to `WireValue`s and back: each value travels in binary with its own type OID, so the server
// never has to guess (a `Date` is a TIMESTAMPTZ parameter, JSON a JSONB one).

extension WireValue {
    /// The value of `cell`, decoded by its type OID.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) naming the column when the bytes do not decode as their type.
    init(cell: borrowing PostgresCell) throws {
        guard let bytes = cell.bytes else {
            self = .null
            return
        }
        if cell.format == .binary, let value = Self.binaryScalar(bytes, type: cell.dataType.rawValue) {
            self = value
            return
        }
        do {
            switch cell.dataType {
            case .bool: self = .bool(try cell.decode(Bool.self))
            case .int2, .int4, .int8, .oid: self = .integer(try cell.decode(Int64.self))
            case .float4, .float8: self = .double(try cell.decode(Double.self))
            case .numeric: self = .decimal(try cell.decode(Decimal.self))
            case .text, .varchar, .bpchar, .name, .char: self = .text(try cell.decode(String.self))
            case .bytea: self = .bytes(try cell.decode(Data.self))
            case .uuid: self = .uuid(try cell.decode(UUID.self))
            case .timestamptz, .timestamp, .date: self = .timestamp(try cell.decode(Date.self))
            case .jsonb, .json: self = .json(try Self.jsonText(cell))
            default:
                guard var bytes = cell.bytes else {
                    self = .null
                    return
                }
                if cell.format == .text, let text = bytes.readString(length: bytes.readableBytes) {
                    self = .text(text)
                } else {
                    self = .bytes(Data(bytes.readableBytesView))
                }
            }
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(
                kind: .decoding, message: "the \(cell.dataType) value does not decode: \(error)",
                column: cell.columnName
            )
        }
    }

    /// The value of the commonest binary cells (integers, booleans, doubles, text), read from their bytes as
    /// postgres-nio's decoders read them, without a decoder call each (about 300 instructions a cell); nil for any
    /// other type or a length that does not fit the type, which `cell.decode` then reads or reports.
    private static func binaryScalar(_ bytes: ByteBuffer, type: UInt32) -> WireValue? {
        let start = bytes.readerIndex, length = bytes.readableBytes
        switch type {
        case PostgresDataType.int8.rawValue where length == 8:
            return bytes.getInteger(at: start, as: Int64.self).map { .integer($0) }
        case PostgresDataType.int4.rawValue where length == 4:
            return bytes.getInteger(at: start, as: Int32.self).map { .integer(Int64($0)) }
        case PostgresDataType.int2.rawValue where length == 2:
            return bytes.getInteger(at: start, as: Int16.self).map { .integer(Int64($0)) }
        case PostgresDataType.bool.rawValue where length == 1:
            switch bytes.getInteger(at: start, as: UInt8.self) {
            case 0: return .bool(false)
            case 1: return .bool(true)
            default: return nil
            }
        case PostgresDataType.float8.rawValue where length == 8:
            return bytes.getInteger(at: start, as: UInt64.self).map { .double(Double(bitPattern: $0)) }
        case PostgresDataType.text.rawValue, PostgresDataType.varchar.rawValue:
            return bytes.getString(at: start, length: length).map { .text($0) }
        default:
            return nil
        }
    }

    /// The JSON text of a `json` or `jsonb` cell (binary `jsonb` starts with a version byte, 1).
    private static func jsonText(_ cell: borrowing PostgresCell) throws -> String {
        guard var bytes = cell.bytes else { return "null" }
        if cell.dataType == .jsonb, cell.format == .binary {
            guard bytes.readInteger(as: UInt8.self) == 1 else {
                throw DatabaseError(kind: .decoding, message: "unknown jsonb format version", column: cell.columnName)
            }
        }
        return bytes.readString(length: bytes.readableBytes) ?? ""
    }
}

extension PostgresBindings {
    /// Appends `value` with its own type, encoded with `context` (read once per statement by `init(wire:)`: each
    /// read of `PostgresEncodingContext.default` is a call through a lazy global).
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for a `Decimal` NUMERIC cannot hold (NaN).
    mutating func append(wire value: WireValue, context: PostgresEncodingContext<Foundation.JSONEncoder>) throws {
        switch value {
        case .null: appendNull()
        case .bool(let bool): append(bool, context: context)
        case .integer(let integer): append(integer, context: context)
        case .double(let double): append(double, context: context)
        case .decimal(let decimal):
            do {
                try append(decimal, context: context)
            } catch {
                throw DatabaseError(kind: .encoding, message: "the Decimal \(decimal) cannot be sent as NUMERIC: \(error)")
            }
        case .text(let text): append(text, context: context)
        // `Data` itself, not a `ByteBuffer` made from it: no buffer allocated, copied and freed per value.
        case .bytes(let data): try append(data, context: context)
        case .uuid(let uuid): append(uuid, context: context)
        case .timestamp(let date): append(date, context: context)
        case .json(let text): append(JSONBText(text: text), context: context)
        case .enumLabel(let text): append(UntypedText(text: text), context: context)
        }
    }

    /// Bindings for `values`, in order.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for a value that cannot be sent.
    init(wire values: some Collection<WireValue>) throws {
        self.init(capacity: values.count)
        let context = PostgresEncodingContext.default
        for value in values { try append(wire: value, context: context) }
    }

    /// Bindings for a statement's `arguments`, and whether each binds as the type `declared` lists for it (NULL
    /// binds as any type; nil `declared`: not checked, false). One pass, so each value is read once: a statement
    /// whose values do not all have the declared types runs unprepared with the same bindings.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for a value that cannot be sent.
    static func binding(
        _ arguments: ArrangedWireValues, checking declared: [PostgresDataType]?
    ) throws -> (bindings: PostgresBindings, bindsAsDeclared: Bool) {
        let count = arguments.count
        var bindings = PostgresBindings(capacity: count)
        let context = PostgresEncodingContext.default
        var bindsAsDeclared = declared?.count == count
        for index in 0..<count {
            let value = arguments[index]
            if bindsAsDeclared, let declared, let sent = value.postgresType, sent != declared[index] { bindsAsDeclared = false }
            try bindings.append(wire: value, context: context)
        }
        return (bindings, bindsAsDeclared)
    }

    /// Appends `values` as one array parameter (`= ANY($n)`), typed by their kind; all must be of one kind
    /// (`canBindArray(_:)`). Nothing is appended when it throws.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for values of mixed or unsupported kinds.
    mutating func append(array values: [WireValue]) throws {
        func all<T>(_ extract: (WireValue) -> T?) -> [T]? {
            var result: [T] = []
            result.reserveCapacity(values.count)
            for value in values {
                guard let item = extract(value) else { return nil }
                result.append(item)
            }
            return result
        }
        if let integers = all({ if case .integer(let v) = $0 { v } else { nil } }) {
            append(integers)
        } else if let texts = all({ if case .text(let v) = $0 { v } else { nil } }) {
            append(texts)
        } else if let uuids = all({ if case .uuid(let v) = $0 { v } else { nil } }) {
            append(uuids)
        } else if let dates = all({ if case .timestamp(let v) = $0 { v } else { nil } }) {
            append(dates)
        } else if let bools = all({ if case .bool(let v) = $0 { v } else { nil } }) {
            append(bools)
        } else if let doubles = all({ if case .double(let v) = $0 { v } else { nil } }) {
            append(doubles)
        } else if let bytes = all({ if case .bytes(let v) = $0 { ByteBuffer(bytes: v) } else { nil } }) {
            append(bytes)
        } else {
            throw DatabaseError(kind: .encoding, message: "the keys are not all integers, texts, UUIDs, dates, booleans, doubles or bytes")
        }
    }

    /// Whether `append(array:)` takes `values`: all of one kind that has a PostgreSQL array type (NUMERIC and
    /// JSONB values, NULLs and mixed kinds do not).
    static func canBindArray(_ values: [WireValue]) -> Bool {
        func kind(_ value: WireValue) -> Int? {
            switch value {
            case .integer: 0
            case .text: 1
            case .uuid: 2
            case .timestamp: 3
            case .bool: 4
            case .double: 5
            case .bytes: 6
            case .null, .decimal, .json, .enumLabel: nil
            }
        }
        guard let first = values.first.flatMap(kind) else { return values.isEmpty }
        return values.allSatisfy { kind($0) == first }
    }
}

/// Text bound without a type, in text format, as a quoted literal is: the server types it from where it stands (a
/// `TEXT` column or a PostgreSQL enum type, which takes no `TEXT` value).
private struct UntypedText: PostgresNonThrowingEncodable {
    let text: String

    static var psqlType: PostgresDataType { .untyped }
    static var psqlFormat: PostgresFormat { .text }

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeString(text)
    }
}

extension PostgresDataType {
    /// OID 0: a parameter whose type the server infers.
    static let untyped = PostgresDataType(0)
}

/// JSON text bound as a `jsonb` parameter (binary format: version byte 1, then the text).
private struct JSONBText: PostgresNonThrowingEncodable {
    let text: String

    static var psqlType: PostgresDataType { .jsonb }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeInteger(UInt8(1))
        byteBuffer.writeString(text)
    }
}
#endif
