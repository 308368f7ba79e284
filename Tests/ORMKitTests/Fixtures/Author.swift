// Written exactly as `ormgen generate` renders the sample in docs/architecture.md (internal access),
// so these tests prove the generated-code contract.

import Foundation
import ORMKit

private typealias _ORMKitGeneratedCodeVersion = ORMKit.ORMKitGeneratedCodeVersion_4

struct Author: Swift.Sendable, Swift.Hashable, Swift.Identifiable {
    var id: Swift.Optional<Swift.Int64>
    var name: Swift.String
    var born: Swift.Optional<Foundation.Date>
    var rating: Swift.Double
    var badge: Swift.Optional<Swift.String>

    init(
        id: Swift.Int64? = nil,
        name: Swift.String,
        born: Foundation.Date? = nil,
        rating: Swift.Double = 0,
        badge: Swift.String? = nil
    ) {
        self.id = id
        self.name = name
        self.born = born
        self.rating = rating
        self.badge = badge
    }
}

extension Author: ORMKit.Record {
    typealias PrimaryKey = Swift.Int64

    static let schema = ORMKit.TableSchema(
        name: "authors",
        columns: makeColumnSchemas(),
        primaryKey: ["id"],
        isAutoIncrement: true,
        indexes: [
            ORMKit.IndexSchema(name: "authors_name", columns: ["name"], isUnique: false),
        ]
    )

    private static func makeColumnSchemas() -> [ORMKit.ColumnSchema] {
        var columns: [ORMKit.ColumnSchema] = []
        columns.reserveCapacity(4)
        columns.append(ORMKit.ColumnSchema(name: "id", type: "INTEGER", kind: .integer, isNullable: false))
        columns.append(ORMKit.ColumnSchema(name: "name", type: "TEXT", kind: .text, isNullable: false))
        columns.append(ORMKit.ColumnSchema(name: "born", type: "REAL", kind: .date, isNullable: true, storage: "referenceSeconds"))
        columns.append(ORMKit.ColumnSchema(name: "rating", type: "REAL", kind: .double, isNullable: false, defaultValue: .value(stored: .real(0), wire: .double(0))))
        return columns
    }

    init(row: ORMKit.Row) throws {
        try self.init(decoding: row)
    }

    init(row: ORMKit.WireRow) throws {
        try self.init(decoding: row)
    }

    @inline(__always)
    private init(decoding row: some ORMKit.RowDecoder) throws {
        self.init(
            id: try row.decode(at: 0),
            name: try row.decode(at: 1),
            born: try row.decode(at: 2),
            rating: try row.decode(at: 3),
            badge: nil
        )
    }

    func encode(to encoder: inout ORMKit.RecordEncoder) throws {
        try encodeColumns(to: &encoder)
    }

    func encode(to encoder: inout ORMKit.WireEncoder) throws {
        try encodeColumns(to: &encoder)
    }

    @inline(__always)
    private func encodeColumns(to encoder: inout some ORMKit.RowEncoder) throws {
        try encoder.encode(self.id)
        try encoder.encode(self.name)
        try encoder.encode(self.born)
        try encoder.encode(self.rating)
    }

    static func encode(key: Swift.Int64, to encoder: inout ORMKit.RecordEncoder) throws {
        try encodeKey(key, to: &encoder)
    }

    static func encode(key: Swift.Int64, to encoder: inout ORMKit.WireEncoder) throws {
        try encodeKey(key, to: &encoder)
    }

    @inline(__always)
    private static func encodeKey(_ key: Swift.Int64, to encoder: inout some ORMKit.RowEncoder) throws {
        try encoder.encode(key)
    }

    mutating func didInsert(rowID: Swift.Int64) {
        self.id = rowID
    }
}

extension Author {
    /// Typed columns for the query builder. Also mirrored as static members (`Author.name`) unless the
    /// name collides with the runtime's query API.
    enum Columns {
        static let id = ORMKit.Column<Swift.Int64>("id", table: "authors")
        static let name = ORMKit.Column<Swift.String>("name", table: "authors")
        static let born = ORMKit.Column<Foundation.Date?>("born", table: "authors")
        static let rating = ORMKit.Column<Swift.Double>("rating", table: "authors")
    }

    static var id: ORMKit.Column<Swift.Int64> { Columns.id }
    static var name: ORMKit.Column<Swift.String> { Columns.name }
    static var born: ORMKit.Column<Foundation.Date?> { Columns.born }
    static var rating: ORMKit.Column<Swift.Double> { Columns.rating }
}
