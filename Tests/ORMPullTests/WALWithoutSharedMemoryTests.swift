import Foundation
import ORMKit
import ORMPull
import TestSupport
import Testing

/// A WAL database copied without its `-shm` file (the database and its `-wal` copied off a device) into a directory
/// SQLite cannot create files in: the pull failed with only "unable to open database file". It now says what is
/// missing and what to do. (The directory is made unwritable for SQLite by a dangling `-shm` link into a missing
/// directory, which fails the same `open` as a read-only directory does, even for root.)
@Suite struct WALWithoutSharedMemoryTests {
    @Test func theFailureNamesTheMissingFileAndTheRemedy() async throws {
        let source = try TemporaryDirectory()
        let db = try Database(path: source.path("app.db"))
        try await db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL); INSERT INTO notes (body) VALUES ('kept in the WAL')")
        let copy = try TemporaryDirectory()
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: source.path("app.db" + suffix), toPath: copy.path("app.db" + suffix))
        }
        try db.close()
        try FileManager.default.createSymbolicLink(atPath: copy.path("app.db-shm"), withDestinationPath: copy.path("missing/app.db-shm"))

        let path = copy.path("app.db")
        let failure = #expect(throws: PullFailure.self) { try SchemaPuller.pull(databaseAt: path, schemaName: "AppSchema", naming: .asIs) }
        #expect(failure?.message == "cannot read '\(path)': unable to open database file: the database is in WAL mode ('\(path)-wal' "
            + "exists) and reading it needs '\(path)-shm', which SQLite could not create (a read-only directory?); pull it where "
            + "SQLite can create that file, or checkpoint the database first (close it in the program that writes it, or run "
            + "PRAGMA wal_checkpoint(TRUNCATE))")

        // Where SQLite can create the file, the pull reads what only the WAL holds.
        try FileManager.default.removeItem(atPath: copy.path("app.db-shm"))
        let pulled = try SchemaPuller.pull(databaseAt: path, schemaName: "AppSchema", naming: .asIs)
        #expect(pulled.modelCount == 1 && pulled.yaml.contains("    table: notes\n"), "\(pulled.yaml)")
    }
}
