import BenchSQLite
import BenchSupport
import Foundation
import GRDB
import ORMKit

private let itemColumns = "id, name, email, age, score, active, created, note, avatar, visits"

// MARK: - A: hand-written C, one connection per thread

/// (A) One writer connection and one connection per reader thread, WAL, busy timeout 5 s; reads in
/// `BEGIN`…`COMMIT`, statements prepared once. The connections are opened one after another before the threads
/// start (`SQLiteConnection` runs the shared PRAGMAs, whose `journal_mode = WAL` fails with `SQLITE_BUSY` while
/// another connection reads), then each is used by one thread only.
final class RawConcurrentContender: ConcurrentReadsContender, @unchecked Sendable {
    // `@unchecked`: `unused` is only touched under `lock`; a connection taken from it belongs to one thread.
    private let lock = NSLock()
    private var unused: [SQLiteConnection]

    init(path: String, connections: Int) throws {
        unused = try (0..<connections).map { _ in
            let connection = try SQLiteConnection(path: path)
            sqlite3_busy_timeout(connection.handle, 5_000)
            return connection
        }
    }

    func makeReader(rows: Int) throws -> any ReadSession { try Reader(connection: take(), rows: rows) }
    func makeWriter() throws -> any WriteSession { try Writer(connection: take()) }
    func close() throws {}  // each session closes its connection when its thread releases it

    private func take() throws -> SQLiteConnection {
        lock.lock()
        defer { lock.unlock() }
        guard let connection = unused.popLast() else { throw SQLiteError(code: 21, message: "no connection left", sql: "") }
        return connection
    }

    private final class Reader: ReadSession {
        let connection: SQLiteConnection
        let select: OpaquePointer

        init(connection: SQLiteConnection, rows: Int) throws {
            self.connection = connection
            select = try connection.prepare("SELECT \(itemColumns) FROM items ORDER BY id LIMIT \(rows)")
        }

        deinit { sqlite3_finalize(select) }

        func read() throws -> Outcome {
            try connection.execute("BEGIN")
            var items: [RawSQLiteContender.Item] = []
            do {
                while true {
                    let code = sqlite3_step(select)
                    guard code == SQLITE_ROW else {
                        sqlite3_reset(select)
                        try connection.check(code)
                        break
                    }
                    items.append(RawConcurrentContender.item(select))
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
            return Outcome(rows: items.count, checksum: items.reduce(0, RawSQLiteContender.fold))
        }
    }

    private final class Writer: WriteSession {
        let connection: SQLiteConnection
        let insert: OpaquePointer

        init(connection: SQLiteConnection) throws {
            self.connection = connection
            insert = try connection.prepare(
                "INSERT INTO items (\(itemColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
        }

        deinit { sqlite3_finalize(insert) }

        func batch(first: Int, count: Int) -> () throws -> Void {
            let items = (first..<(first + count)).map { RawSQLiteContender.item($0, id: nil) }
            return { [self] in
                try connection.execute("BEGIN IMMEDIATE")
                do {
                    for item in items { try write(item) }
                    try connection.execute("COMMIT")
                } catch {
                    try? connection.execute("ROLLBACK")
                    throw error
                }
            }
        }

        private func write(_ item: RawSQLiteContender.Item) throws {
            sqlite3_bind_null(insert, 1)
            bindText(item.name, 2)
            bindText(item.email, 3)
            sqlite3_bind_int64(insert, 4, Int64(item.age))
            sqlite3_bind_double(insert, 5, item.score)
            sqlite3_bind_int64(insert, 6, item.active ? 1 : 0)
            sqlite3_bind_double(insert, 7, item.created.timeIntervalSince1970)
            if let note = item.note { bindText(note, 8) } else { sqlite3_bind_null(insert, 8) }
            if let avatar = item.avatar {
                avatar.withUnsafeBytes { bytes in
                    _ = sqlite3_bind_blob(insert, 9, bytes.baseAddress, Int32(bytes.count), bench_sqlite_transient())
                }
            } else {
                sqlite3_bind_null(insert, 9)
            }
            sqlite3_bind_int64(insert, 10, Int64(item.visits))
            let code = sqlite3_step(insert)
            sqlite3_reset(insert)
            try connection.check(code)
        }

        private func bindText(_ string: String, _ index: Int32) {
            var string = string
            string.withUTF8 { bytes in
                if let base = bytes.baseAddress {
                    let text = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                    _ = sqlite3_bind_text(insert, index, text, Int32(bytes.count), bench_sqlite_transient())
                } else {
                    _ = sqlite3_bind_text(insert, index, "", 0, nil)
                }
            }
        }
    }

    /// The current row of a `SELECT itemColumns` statement.
    @inline(__always)
    private static func item(_ statement: OpaquePointer) -> RawSQLiteContender.Item {
        func text(_ index: Int32) -> String {
            guard let pointer = sqlite3_column_text(statement, index) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index))), as: UTF8.self)
        }
        func blob(_ index: Int32) -> Data {
            guard let pointer = sqlite3_column_blob(statement, index) else { return Data() }
            return Data(bytes: pointer, count: Int(sqlite3_column_bytes(statement, index)))
        }
        return RawSQLiteContender.Item(
            id: sqlite3_column_int64(statement, 0), name: text(1), email: text(2),
            age: Int(sqlite3_column_int64(statement, 3)), score: sqlite3_column_double(statement, 4),
            active: sqlite3_column_int64(statement, 5) != 0,
            created: Date(timeIntervalSince1970: sqlite3_column_double(statement, 6)),
            note: sqlite3_column_type(statement, 7) == SQLITE_NULL ? nil : text(7),
            avatar: sqlite3_column_type(statement, 8) == SQLITE_NULL ? nil : blob(8),
            visits: Int(sqlite3_column_int64(statement, 9)))
    }
}

// MARK: - GRDB: DatabasePool

/// (GRDB pool) A `DatabasePool` with 4 readers and the shared PRAGMAs, C's hand-written records.
final class GRDBPoolContender: ConcurrentReadsContender {
    typealias Item = GRDBManualContender.Item
    let pool: DatabasePool

    init(path: String) throws {
        var configuration = GRDBSetup.configuration()
        configuration.maximumReaderCount = 4
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
    }

    func makeReader(rows: Int) throws -> any ReadSession { Reader(pool: pool, rows: rows) }
    func makeWriter() throws -> any WriteSession { Writer(pool: pool) }
    func close() throws { try pool.close() }

    private final class Reader: ReadSession {
        let pool: DatabasePool
        let request: QueryInterfaceRequest<Item>

        init(pool: DatabasePool, rows: Int) {
            self.pool = pool
            request = Item.orderByPrimaryKey().limit(rows)
        }

        func read() throws -> Outcome {
            let items = try pool.read { db in try request.fetchAll(db) }
            return Outcome(rows: items.count, checksum: items.reduce(0, GRDBManualContender.fold))
        }
    }

    private final class Writer: WriteSession {
        let pool: DatabasePool

        init(pool: DatabasePool) {
            self.pool = pool
        }

        func batch(first: Int, count: Int) -> () throws -> Void {
            let items = (first..<(first + count)).map { GRDBManualContender.item($0, id: nil) }
            return { [pool] in
                try pool.write { db in
                    for var item in items { try item.insert(db) }
                }
            }
        }
    }
}

// MARK: - D, D0: ORMKit

/// (D) ORMKit with up to `readers` reader connections; (D0) `readers: 0`, everything on the writer.
final class ORMKitConcurrentContender: ConcurrentReadsContender {
    let database: ORMKit.Database

    init(path: String, readers: Int) throws {
        database = try ORMKit.Database(path: path, options: .init(maximumReaderCount: readers))
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = NORMAL") }
    }

    func makeReader(rows: Int) throws -> any ReadSession { Reader(database: database, rows: rows) }
    func makeWriter() throws -> any WriteSession { Writer(database: database) }
    func close() throws { try database.close() }

    private final class Reader: ReadSession {
        let database: ORMKit.Database
        let request: QueryRequest<Item>

        init(database: ORMKit.Database, rows: Int) {
            self.database = database
            request = Item.order(Item.id).limit(rows)
        }

        func read() throws -> Outcome {
            let items = try database.read { conn in try request.fetchAll(conn) }
            return Outcome(rows: items.count, checksum: items.reduce(0, ORMKitContender.fold))
        }
    }

    private final class Writer: WriteSession {
        let database: ORMKit.Database

        init(database: ORMKit.Database) {
            self.database = database
        }

        func batch(first: Int, count: Int) -> () throws -> Void {
            let items = (first..<(first + count)).map { ORMKitContender.item($0, id: nil) }
            return { [database] in
                try database.write { conn in
                    for var item in items { try item.insert(conn) }
                }
            }
        }
    }
}
