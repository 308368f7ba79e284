import ExampleModels
import Foundation
import ORMKit
import TestSupport
import Testing

/// What the sweep sees as "absorbed" faults, pinned: closing a WAL database checkpoints the WAL into the file
/// and deletes it, but SQLite's close ignores a checkpoint that fails (`sqlite3_close` returns `SQLITE_OK`). That
/// is no failure of any commit: the committed frames stay in the WAL, and the next open recovers them.
@Suite("A fault in the checkpoint at close")
struct CloseCheckpointFaultTests {
    @Test("is not an error: the WAL stays and the next open recovers every commit",
          arguments: [FaultKind.read, .write, .sync, .lock])
    func closeKeepsTheWAL(_ kind: FaultKind) throws {
        let injector = try FaultInjector()
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        let db = try Database(path: path, options: .init(vfsName: injector.name))
        try db.writeWithoutTransaction { db in try db.migrate(ExampleSchema.self) }
        var author = Author(name: "Ann", email: "ann@example.org")
        try db.writeWithoutTransaction { db in try author.insert(db) }

        injector.arm(kind, at: 1, code: kind.ioErrorCode, persistent: true)
        try db.close()
        injector.clear()
        #expect(injector.injected >= 1)
        let walSize = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect((walSize ?? 0) > 0)

        let reopened = try Database(path: path)
        #expect(try reopened.read { reopened in try String.fetchAll(reopened, sql: "PRAGMA integrity_check") == ["ok"] })
        #expect(try reopened.read { reopened in try Author.fetchAll(reopened).map(\.name) == ["Anonymous", "Ursula K. Le Guin", "Ann"] })
        try reopened.close()
        withExtendedLifetime(injector) {}
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
