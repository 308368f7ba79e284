import Foundation
import ORMKit
import ORMKitSQLite
import Testing
import TestSupport

/// Files that are not what the app expects (not a database, damaged, read-only, locked by another process):
/// each fails with an error naming the path or the table and the real cause.
@Suite("Damaged, read-only and locked files")
struct FileFailureTests {
    @Test(arguments: [Database.Options(), Database.Options(journalMode: .default), Database.Options(readOnly: true)])
    func aFileThatIsNotADatabaseFailsAtOpenNamingThePath(options: Database.Options) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.db")
        try directory.write(String(repeating: "These are my notes, not a database.\n", count: 200), to: "notes.db")
        let error = try #require(throws: DatabaseError.self) { try Database(path: path, options: options) }
        #expect(error.resultCode == SQLITE_NOTADB)
        #expect(error.message == "cannot open database at \(path): the file is not an SQLite database (it may be another kind of file, or encrypted)")
        #expect(!error.description.contains("PRAGMA"))
        #expect(try directory.read("notes.db").hasPrefix("These are my notes"))
    }

    @Test func aDamagedTablePageIsFoundByCheckIntegrityAndByTheFetchThatReadsIt() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged.db")
        do {
            let db = try Database(path: path)
            try await db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            try await db.write { conn in
                for index in 0..<2_000 {
                    try conn.execute(sql: "INSERT INTO notes (body) VALUES (?)", arguments: ["note \(index) " + String(repeating: "x", count: 100)])
                }
            }
            #expect(try db.checkIntegrity(.full) == ())
            try db.close()
        }
        // Overwrite the middle of the file (table pages, not the header or the schema page) with garbage.
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try file.seekToEnd()
        try file.seek(toOffset: size / 2 / 4096 * 4096)
        try file.write(contentsOf: Data(repeating: 0xA5, count: 4096 * 3))
        try file.close()

        // Opening reads only the header: it succeeds, as do statements that do not read the damaged pages.
        let db = try Database(path: path)
        #expect(try await Int.fetchOne(db, sql: "SELECT id FROM notes WHERE id = 1") == 1)
        let found = try #require(throws: DatabaseError.self) { try db.checkIntegrity(.quick) }
        #expect(found.resultCode == SQLITE_CORRUPT)
        #expect(found.message.hasPrefix("the database at \(path) is damaged: "))
        let read = try await #require(throws: DatabaseError.self) { try await String.fetchAll(db, sql: "SELECT body FROM notes") }
        #expect(read.resultCode == SQLITE_CORRUPT)
    }

    @Test func aReadOnlyDatabaseNamesTheTableItCannotWrite() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shipped.db")
        do {
            let db = try Database(path: path)
            try await db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            try await db.execute(sql: "INSERT INTO notes (body) VALUES ('kept')")
            try db.close()
        }
        let db = try Database(path: path, options: Database.Options(readOnly: true))
        let error = try await #require(throws: DatabaseError.self) {
            try await db.execute(sql: "INSERT INTO notes (body) VALUES ('lost')")
        }
        #expect(error.resultCode == SQLITE_READONLY)
        #expect(error.description.contains("attempt to write a readonly database"))
        #expect(try await String.fetchAll(db, sql: "SELECT body FROM notes") == ["kept"])
    }

    @Test func aWriteLockHeldByAnotherProcessPastTheBusyTimeoutSaysHowLongItWaited() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.db")
        let db = try Database(path: path, options: Database.Options(busyTimeout: 0.2))
        try await db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")

        let holder = try LockHolder(path: path)
        defer { holder.release() }
        let error = try await #require(throws: DatabaseError.self) {
            try await db.execute(sql: "INSERT INTO notes (body) VALUES ('waits')")
        }
        #expect(error.resultCode == SQLITE_BUSY)
        // The engine-neutral questions: a lock not granted in time, worth retrying (as a PostgreSQL lock_timeout).
        #expect(error.isLockTimeout && error.isRetryable && !error.isConnectionLost && !error.isStatementTimeout)
        #expect(error.message.contains("database is locked: another connection or process held the lock for the whole busy timeout (200 ms)"))
        // Reads go on (WAL); the write works once the other process lets go.
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM notes") == 0)
        holder.release()
        try await db.execute(sql: "INSERT INTO notes (body) VALUES ('written')")
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM notes") == 1)
    }
}

/// A python3 process holding an exclusive transaction on a database file until released.
private final class LockHolder {
    private let process = Process()
    private let input = Pipe()

    /// Starts the process and returns once it holds the lock.
    init(path: String) throws {
        let script = """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            sys.stdin.read()
            c.execute("ROLLBACK")
            """
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = output.fileHandleForReading.availableData
        guard String(decoding: line, as: UTF8.self).hasPrefix("locked") else {
            throw DatabaseError(kind: .misuse, message: "the lock-holding process did not start")
        }
    }

    /// Ends the transaction and waits for the process to exit (once).
    func release() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
