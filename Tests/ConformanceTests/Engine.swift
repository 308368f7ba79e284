import ExampleModels
import Foundation
import ORMKit
#if PostgreSQL
import ORMKitPostgres
import TestSupport
#endif
import Synchronization
import Testing

/// The engines the conformance suite runs on.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    #if PostgreSQL
    case postgresql
    /// PostgreSQL through PgBouncer in transaction pooling mode, with `preparesStatements = false`.
    case pgbouncer
    #endif

    var testDescription: String { rawValue }

    /// Whether the engine is PostgreSQL (directly or through PgBouncer).
    var isPostgreSQL: Bool { self != .sqlite }
}

/// One database of the example schema on one engine, created empty and migrated, removed when closed. The
/// suite's tests are written once against the public API: every verb takes `db`, the engine contract
/// (`any DatabaseWriter`), tracing included; only opening and closing differ per engine here.
final class Engine: @unchecked Sendable {
    // `@unchecked`: set once in `open`, then only read.
    enum Storage {
        case sqlite(Database, directory: URL)
        #if PostgreSQL
        case postgresql(PostgresDatabase, TestPostgresDatabase)
        #endif
    }

    let backend: Backend
    let storage: Storage

    private init(backend: Backend, storage: Storage) {
        self.backend = backend
        self.storage = storage
    }

    static let hooks: [String: MigrationHook] = ["backfillReaderTokens": { _ in }]

    /// A migrated example database on `backend`, or nil when PostgreSQL is not available (the test then
    /// returns: `PostgresTestSettings` printed why, once).
    static func open(_ backend: Backend) async throws -> Engine? {
        switch backend {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Conformance-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var options = Database.Options()
            #if SQLCipher
            // Built with the SQLCipher trait (CI's AddressSanitizer step), every SQLite test runs on an encrypted file.
            // A raw key: a passphrase's key derivation (PBKDF2, 256,000 iterations) on each connection's first read
            // cost about a minute of that step's test time (349 s, then 283 s); EncryptionTests cover passphrases.
            options.encryptionKey = .raw((0..<32).map { _ in UInt8.random(in: 0...255) })
            #endif
            let db = try Database(path: directory.appendingPathComponent("library.sqlite").path, options: options)
            try await db.migrate(ExampleSchema.self, hooks: hooks)
            return Engine(backend: backend, storage: .sqlite(db, directory: directory))
#if PostgreSQL
        case .postgresql:
            guard let test = try await TestPostgresDatabase.create() else { return nil }
            let db = try PostgresDatabase(url: test.url)
            try await db.migrate(ExampleSchema.self, hooks: hooks)
            return Engine(backend: backend, storage: .postgresql(db, test))
        case .pgbouncer:
            let pooler = try PostgresTestServer.require().requirePooler()
            guard let test = try await TestPostgresDatabase.create() else { return nil }
            var options = PostgresDatabase.Options()
            options.preparesStatements = false
            let db = try PostgresDatabase(url: TestPostgresDatabase.url(pooler.url, database: test.name), options: options)
            try await db.migrate(ExampleSchema.self, hooks: hooks)
            return Engine(backend: backend, storage: .postgresql(db, test))
#endif
        }
    }

    func close() async throws {
        switch storage {
        case .sqlite(let db, let directory):
            try db.close()
            try? FileManager.default.removeItem(at: directory)
#if PostgreSQL
        case .postgresql(let db, let test):
            await db.close()
            try await test.drop()
#endif
        }
    }

    /// The database as app code sees it: the engine contract, whatever the engine.
    var db: any DatabaseWriter { sendableDB }

    /// The database value, which every engine's database is: what `stream` takes.
    var sendableDB: any DatabaseWriter & Sendable {
        switch storage {
        case .sqlite(let db, _): db
#if PostgreSQL
        case .postgresql(let db, _): db
#endif
        }
    }

}

extension Engine {
    /// What `body` returns and the SELECT statements the engine ran meanwhile (through the contract's `trace`).
    func selects<T>(_ body: () async throws -> T) async throws -> (T, selects: [String]) {
        let log = StatementLog()
        db.trace { log.append($0.sql) }
        defer { db.trace(nil) }
        let result = try await body()
        return (result, log.statements.filter { $0.uppercased().hasPrefix("SELECT") })
    }
}

/// The statements a trace reported.
final class StatementLog: Sendable {
    private let stored = Mutex<[String]>([])

    func append(_ sql: String) { stored.withLock { $0.append(sql) } }
    var statements: [String] { stored.withLock { $0 } }
}
