// A model using every value kind, written as `ormgen` renders one: enums (String and Int raw values), JSON,
// an embedded struct, a converter, a foreign key, UNIQUE and CHECK constraints.

import Foundation
import ORMKit

private typealias _ORMKitGeneratedCodeVersion = ORMKit.ORMKitGeneratedCodeVersion_4

struct Book: Swift.Sendable, Swift.Hashable, Swift.Identifiable {
    enum Genre: Swift.String, Swift.Sendable, Swift.Hashable, Swift.CaseIterable, Swift.Codable, ORMKit.ColumnValue {
        case fiction
        case `default` = "default"
        case sciFi = "sci-fi"
    }

    enum Priority: Swift.Int, Swift.Sendable, Swift.Hashable, Swift.CaseIterable, Swift.Codable, ORMKit.ColumnValue {
        case low = 1
        case high = 2
    }

    struct Metadata: Swift.Sendable, Swift.Hashable, Swift.Codable {
        var edition: Swift.Int
        var translators: [Swift.String]
    }

    var id: Swift.Int64?
    var authorId: Swift.Int64
    var title: Swift.String
    var isbn: Swift.String
    var genre: Genre
    var priority: Priority?
    var pages: Swift.Int32
    var price: Foundation.Decimal
    var weight: Swift.Float
    var isAvailable: Swift.Bool
    var published: Foundation.Date
    var uuid: Foundation.UUID
    var cover: Foundation.Data?
    var website: Foundation.URL?
    var tags: [Swift.String]
    var metadata: Metadata?
    var shelf: Shelf
    var color: Color
    var accent: Color?

    init(
        id: Swift.Int64? = nil,
        authorId: Swift.Int64,
        title: Swift.String,
        isbn: Swift.String,
        genre: Genre = .fiction,
        priority: Priority? = nil,
        pages: Swift.Int32 = 100,
        price: Foundation.Decimal = 0,
        weight: Swift.Float = 0,
        isAvailable: Swift.Bool = true,
        published: Foundation.Date = Foundation.Date(timeIntervalSince1970: 0),
        uuid: Foundation.UUID = Foundation.UUID(),
        cover: Foundation.Data? = nil,
        website: Foundation.URL? = nil,
        tags: [Swift.String] = [],
        metadata: Metadata? = nil,
        shelf: Shelf = Shelf(row: 0, column: 0),
        color: Color = Color(red: 0, green: 0, blue: 0),
        accent: Color? = nil
    ) {
        self.id = id
        self.authorId = authorId
        self.title = title
        self.isbn = isbn
        self.genre = genre
        self.priority = priority
        self.pages = pages
        self.price = price
        self.weight = weight
        self.isAvailable = isAvailable
        self.published = published
        self.uuid = uuid
        self.cover = cover
        self.website = website
        self.tags = tags
        self.metadata = metadata
        self.shelf = shelf
        self.color = color
        self.accent = accent
    }
}

extension Book: ORMKit.Record {
    typealias PrimaryKey = Swift.Int64

    static let schema = ORMKit.TableSchema(
        name: "books",
        columns: [
            ORMKit.ColumnSchema(name: "id", type: "INTEGER", kind: .integer, isNullable: false),
            ORMKit.ColumnSchema(name: "author_id", type: "INTEGER", kind: .integer, isNullable: false),
            ORMKit.ColumnSchema(name: "title", type: "TEXT", kind: .text, isNullable: false),
            ORMKit.ColumnSchema(name: "isbn", type: "TEXT", kind: .text, isNullable: false, isUnique: true),
            ORMKit.ColumnSchema(name: "genre", type: "TEXT", kind: .text, isNullable: false),
            ORMKit.ColumnSchema(name: "priority", type: "INTEGER", kind: .integer, isNullable: true),
            ORMKit.ColumnSchema(name: "pages", type: "INTEGER", kind: .integer, isNullable: false, check: "\"pages\" > 0"),
            ORMKit.ColumnSchema(name: "price", type: "TEXT", kind: .text, isNullable: false),
            ORMKit.ColumnSchema(name: "weight", type: "REAL", kind: .double, isNullable: false),
            ORMKit.ColumnSchema(name: "is_available", type: "INTEGER", kind: .integer, isNullable: false),
            ORMKit.ColumnSchema(name: "published", type: "REAL", kind: .double, isNullable: false),
            ORMKit.ColumnSchema(name: "uuid", type: "BLOB", kind: .bytes, isNullable: false),
            ORMKit.ColumnSchema(name: "cover", type: "BLOB", kind: .bytes, isNullable: true),
            ORMKit.ColumnSchema(name: "website", type: "TEXT", kind: .text, isNullable: true),
            ORMKit.ColumnSchema(name: "tags", type: "TEXT", kind: .text, isNullable: false),
            ORMKit.ColumnSchema(name: "metadata", type: "TEXT", kind: .text, isNullable: true),
            ORMKit.ColumnSchema(name: "shelf_row", type: "INTEGER", kind: .integer, isNullable: false),
            ORMKit.ColumnSchema(name: "shelf_column", type: "INTEGER", kind: .integer, isNullable: false),
            ORMKit.ColumnSchema(name: "color", type: "INTEGER", kind: .integer, isNullable: false),
            ORMKit.ColumnSchema(name: "accent", type: "INTEGER", kind: .integer, isNullable: true),
        ],
        primaryKey: ["id"],
        isAutoIncrement: true,
        foreignKeys: [
            ORMKit.ForeignKeySchema(columns: ["author_id"], targetTable: "authors", targetColumns: ["id"], onDelete: .restrict),
        ]
    )

    init(row: ORMKit.Row) throws {
        try self.init(decoding: row)
    }

    init(row: ORMKit.WireRow) throws {
        try self.init(decoding: row)
    }

    @inline(__always)
    private init(decoding row: some ORMKit.RowDecoder) throws {
        self.id = try row.decode(at: 0)
        self.authorId = try row.decode(at: 1)
        self.title = try row.decode(at: 2)
        self.isbn = try row.decode(at: 3)
        self.genre = try row.decode(at: 4)
        self.priority = try row.decode(at: 5)
        self.pages = try row.decode(at: 6)
        self.price = try row.decode(at: 7)
        self.weight = try row.decode(at: 8)
        self.isAvailable = try row.decode(at: 9)
        self.published = try row.decode(at: 10)
        self.uuid = try row.decode(at: 11)
        self.cover = try row.decode(at: 12)
        self.website = try row.decode(at: 13)
        self.tags = try row.decodeJSON(at: 14)
        self.metadata = try row.decodeJSON(at: 15)
        self.shelf = Shelf(row: try row.decode(at: 16), column: try row.decode(at: 17))
        self.color = try row.decode(at: 18)
        self.accent = try row.decode(at: 19)
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
        try encoder.encode(self.authorId)
        try encoder.encode(self.title)
        try encoder.encode(self.isbn)
        try encoder.encode(self.genre)
        try encoder.encode(self.priority)
        try encoder.encode(self.pages)
        try encoder.encode(self.price)
        try encoder.encode(self.weight)
        try encoder.encode(self.isAvailable)
        try encoder.encode(self.published)
        try encoder.encode(self.uuid)
        try encoder.encode(self.cover)
        try encoder.encode(self.website)
        try encoder.encodeJSON(self.tags)
        try encoder.encodeJSON(self.metadata)
        try encoder.encode(self.shelf.row)
        try encoder.encode(self.shelf.column)
        try encoder.encode(self.color)
        try encoder.encode(self.accent)
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

extension Book {
    enum Columns {
        static let id = ORMKit.Column<Swift.Int64>("id", table: "books")
        static let authorId = ORMKit.Column<Swift.Int64>("author_id", table: "books")
        static let title = ORMKit.Column<Swift.String>("title", table: "books")
        static let isbn = ORMKit.Column<Swift.String>("isbn", table: "books")
        static let genre = ORMKit.Column<Genre>("genre", table: "books")
        static let priority = ORMKit.Column<Priority?>("priority", table: "books")
        static let pages = ORMKit.Column<Swift.Int32>("pages", table: "books")
        static let price = ORMKit.Column<Foundation.Decimal>("price", table: "books")
        static let weight = ORMKit.Column<Swift.Float>("weight", table: "books")
        static let isAvailable = ORMKit.Column<Swift.Bool>("is_available", table: "books")
        static let published = ORMKit.Column<Foundation.Date>("published", table: "books")
        static let uuid = ORMKit.Column<Foundation.UUID>("uuid", table: "books")
        static let cover = ORMKit.Column<Foundation.Data?>("cover", table: "books")
        static let website = ORMKit.Column<Foundation.URL?>("website", table: "books")
        static let tags = ORMKit.Column<[Swift.String]>("tags", table: "books")
        static let metadata = ORMKit.Column<Metadata?>("metadata", table: "books")
        static let shelfRow = ORMKit.Column<Swift.Int>("shelf_row", table: "books")
        static let shelfColumn = ORMKit.Column<Swift.Int>("shelf_column", table: "books")
        static let color = ORMKit.Column<Color>("color", table: "books")
        static let accent = ORMKit.Column<Color?>("accent", table: "books")
    }

    static var id: ORMKit.Column<Swift.Int64> { Columns.id }
    static var authorId: ORMKit.Column<Swift.Int64> { Columns.authorId }
    static var title: ORMKit.Column<Swift.String> { Columns.title }
    static var isbn: ORMKit.Column<Swift.String> { Columns.isbn }
    static var genre: ORMKit.Column<Genre> { Columns.genre }
    static var priority: ORMKit.Column<Priority?> { Columns.priority }
    static var pages: ORMKit.Column<Swift.Int32> { Columns.pages }
    static var price: ORMKit.Column<Foundation.Decimal> { Columns.price }
    static var isAvailable: ORMKit.Column<Swift.Bool> { Columns.isAvailable }
    static var published: ORMKit.Column<Foundation.Date> { Columns.published }
    static var tags: ORMKit.Column<[Swift.String]> { Columns.tags }
    static var metadata: ORMKit.Column<Metadata?> { Columns.metadata }
    static var shelfRow: ORMKit.Column<Swift.Int> { Columns.shelfRow }
    static var color: ORMKit.Column<Color> { Columns.color }
    static var accent: ORMKit.Column<Color?> { Columns.accent }
}
