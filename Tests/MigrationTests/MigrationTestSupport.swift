import Foundation
import ORMKit
import TestSupport
import Testing

enum Fixtures {
    /// The bundled `Fixtures` folder.
    static func url(_ name: String) throws -> URL {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return folder.appendingPathComponent(name)
    }

    /// A closed database file at `path`, created at `PetsV1`.
    static func makePetsV1(at path: String) async throws {
        let db = try Database(path: path)
        try await db.migrate(PetsV1.self)
        try db.close()
    }

    /// A copy of `library-v1.sqlite` at `path`.
    static func copyLibraryV1(to path: String) throws {
        try FileManager.default.copyItem(at: try url("library-v1.sqlite"), to: URL(fileURLWithPath: path))
    }
}

/// Reads a database's content as text so tests can compare it row by row.
enum Dump {
    /// Every row of `table` as `quote(col1)|quote(col2)|…`, in rowid (or key) order.
    static func rows(_ source: some DumpSource, _ table: String, orderBy: String = "rowid") throws -> [String] {
        try source.reading { db in
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
            let expression = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            return try String.fetchAll(db, sql: "SELECT \(expression) FROM \"\(table)\" ORDER BY \(orderBy)")
        }
    }

    /// `sqlite_master` (type, name, table, SQL), sorted.
    static func schema(_ source: some DumpSource) throws -> [String] {
        try source.reading { db in
            try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name")
        }
    }

    static func tables(_ source: some DumpSource) throws -> [String] {
        try source.reading { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        }
    }

    static func indexes(_ source: some DumpSource, _ table: String) throws -> [String] {
        try source.reading { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name",
                arguments: [table])
        }
    }

    static func columns(_ source: some DumpSource, _ table: String) throws -> [String] {
        try source.reading { db in
            try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
        }
    }

    /// Foreign keys of `table` as `from->table.to ON DELETE x`.
    static func foreignKeys(_ source: some DumpSource, _ table: String) throws -> [String] {
        try source.reading { db in
            try String.fetchAll(
                db, sql: "SELECT \"from\" || '->' || \"table\" || '.' || \"to\" || ' ON DELETE ' || on_delete FROM pragma_foreign_key_list(?) ORDER BY id",
                arguments: [table])
        }
    }
}

/// What `Dump` reads: a database (in a `read`, on a reader) or the connection of a closure already open.
protocol DumpSource {
    func reading<T>(_ body: (Connection) throws -> T) throws -> T
}

extension Database: DumpSource {
    func reading<T>(_ body: (Connection) throws -> T) throws -> T { try read(body) }
}

extension Connection: DumpSource {
    func reading<T>(_ body: (Connection) throws -> T) throws -> T { try body(self) }
}

/// Collects traced SQL.
final class TraceLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    func append(_ sql: String) {
        lock.lock()
        statements.append(sql)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return statements
    }
}

/// Builds `TableSchema` values the way `ormgen` renders them, for small hand-written test schemas.
enum TestTable {
    static func column(_ name: String, _ type: String, nullable: Bool = false, default value: DatabaseValue? = nil,
                       unique: Bool = false) -> ColumnSchema {
        ColumnSchema(
            name: name, type: type, kind: kind(of: type), isNullable: nullable,
            defaultValue: value.map { .value(stored: $0, wire: $0.wireValue) }, isUnique: unique)
    }

    /// What a column of SQLite type `type` holds.
    static func kind(of type: String) -> ColumnKind {
        ["INTEGER": .integer, "REAL": .double, "BLOB": .bytes][type] ?? .text
    }

    static let id = ColumnSchema(name: "id", type: "INTEGER", kind: .integer, isNullable: false)

    static func index(_ table: String, _ columns: [String], name: String? = nil, unique: Bool = false) -> IndexSchema {
        IndexSchema(name: name ?? table + "_" + columns.joined(separator: "_"), columns: columns, isUnique: unique)
    }

    static func make(_ name: String, _ columns: [ColumnSchema], indexes: [IndexSchema] = [], foreignKeys: [ForeignKeySchema] = []) -> TableSchema {
        TableSchema(name: name, columns: columns, primaryKey: ["id"], isAutoIncrement: true, indexes: indexes, foreignKeys: foreignKeys)
    }
}
