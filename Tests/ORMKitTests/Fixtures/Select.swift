// A model whose table, type and field names are SQL keywords and runtime API names: identifiers must be
// quoted everywhere, and `Columns` holds the columns whose static mirrors would collide with the API.

import Foundation
import ORMKit

private typealias _ORMKitGeneratedCodeVersion = ORMKit.ORMKitGeneratedCodeVersion_4

struct Select: Swift.Sendable, Swift.Hashable, Swift.Identifiable {
    var id: Swift.String { key }
    var key: Swift.String
    var `default`: Swift.String?
    var order: Swift.Int
    var filter: Swift.Bool

    init(key: Swift.String, `default`: Swift.String? = nil, order: Swift.Int = 0, filter: Swift.Bool = false) {
        self.key = key
        self.`default` = `default`
        self.order = order
        self.filter = filter
    }
}

extension Select: ORMKit.Record {
    typealias PrimaryKey = Swift.String

    static let schema = ORMKit.TableSchema(
        name: "select",
        columns: [
            ORMKit.ColumnSchema(name: "key", type: "TEXT", kind: .text, isNullable: false),
            ORMKit.ColumnSchema(name: "default", type: "TEXT", kind: .text, isNullable: true),
            ORMKit.ColumnSchema(name: "order", type: "INTEGER", kind: .integer, isNullable: false),
            ORMKit.ColumnSchema(name: "filter", type: "INTEGER", kind: .integer, isNullable: false),
        ],
        primaryKey: ["key"],
        isAutoIncrement: false
    )

    init(row: ORMKit.Row) throws {
        try self.init(decoding: row)
    }

    init(row: ORMKit.WireRow) throws {
        try self.init(decoding: row)
    }

    @inline(__always)
    private init(decoding row: some ORMKit.RowDecoder) throws {
        self.key = try row.decode(at: 0)
        self.`default` = try row.decode(at: 1)
        self.order = try row.decode(at: 2)
        self.filter = try row.decode(at: 3)
    }

    func encode(to encoder: inout ORMKit.RecordEncoder) throws {
        try encodeColumns(to: &encoder)
    }

    func encode(to encoder: inout ORMKit.WireEncoder) throws {
        try encodeColumns(to: &encoder)
    }

    @inline(__always)
    private func encodeColumns(to encoder: inout some ORMKit.RowEncoder) throws {
        try encoder.encode(self.key)
        try encoder.encode(self.`default`)
        try encoder.encode(self.order)
        try encoder.encode(self.filter)
    }

    static func encode(key: Swift.String, to encoder: inout ORMKit.RecordEncoder) throws {
        try encodeKey(key, to: &encoder)
    }

    static func encode(key: Swift.String, to encoder: inout ORMKit.WireEncoder) throws {
        try encodeKey(key, to: &encoder)
    }

    @inline(__always)
    private static func encodeKey(_ key: Swift.String, to encoder: inout some ORMKit.RowEncoder) throws {
        try encoder.encode(key)
    }
}

extension Select {
    enum Columns {
        static let key = ORMKit.Column<Swift.String>("key", table: "select")
        static let `default` = ORMKit.Column<Swift.String?>("default", table: "select")
        static let order = ORMKit.Column<Swift.Int>("order", table: "select")
        static let filter = ORMKit.Column<Swift.Bool>("filter", table: "select")
    }

    static var key: ORMKit.Column<Swift.String> { Columns.key }
    static var `default`: ORMKit.Column<Swift.String?> { Columns.`default` }
}
