import ExampleModels
import Foundation
import ORMKit
#if PostgreSQL
import ORMKitPostgres
#endif
import Synchronization
import Testing

/// The engines the conformance suite runs on.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    #if PostgreSQL
    case postgresql
    #endif

    var testDescription: String { rawValue }
}

/// One database of the example schema on one engine, created empty and migrated, removed when closed. The
/// suite's tests are written once: every verb runs through `db`, the engine contract (`any DatabaseWriter`);
/// only opening, closing, explicit transactions and tracing still differ per engine.
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
    #if PostgreSQL
    static let postgresHooks: [String: PostgresMigrationHook] = ["backfillReaderTokens": { _ in }]
    #endif

    /// A migrated example database on `backend`, or nil when PostgreSQL is not available (the test then
    /// returns: `PostgresTestSettings` printed why, once).
    static func open(_ backend: Backend) async throws -> Engine? {
        switch backend {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Conformance-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let db = try Database(path: directory.appendingPathComponent("library.sqlite").path)
            try await db.migrate(ExampleSchema.self, hooks: hooks)
            return Engine(backend: backend, storage: .sqlite(db, directory: directory))
#if PostgreSQL
        case .postgresql:
            guard let test = try await TestPostgresDatabase.create() else { return nil }
            let db = try PostgresDatabase(url: test.url)
            try await db.migrate(ExampleSchema.self, hooks: postgresHooks)
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
    var db: any DatabaseWriter {
        switch storage {
        case .sqlite(let db, _): db
#if PostgreSQL
        case .postgresql(let db, _): db
#endif
        }
    }

    // MARK: The public API, through the engine contract (each helper is one call of a public verb on `db`)

    func insert<R: Record>(_ record: inout R) async throws { try await record.insert(db) }
    func insert<R: Record>(contentsOf records: [R]) async throws -> [R] { try await R.insert(db, contentsOf: records) }
    func update<R: Record>(_ record: R) async throws { try await record.update(db) }
    func update<R: Record>(_ record: R, columns: [any ColumnProtocol]) async throws { try await record.update(db, columns: columns) }
    func save<R: Record>(_ record: inout R) async throws { try await record.save(db) }
    func upsert<R: Record>(_ record: inout R) async throws { try await record.upsert(db) }
    func upsert<R: Record>(_ record: inout R, onConflict columns: [any ColumnProtocol]) async throws {
        try await record.upsert(db, onConflict: columns)
    }
    func delete<R: Record>(_ record: R) async throws -> Bool { try await record.delete(db) }
    func find<R: Record>(_ type: R.Type, _ key: R.PrimaryKey) async throws -> R? { try await R.find(db, key) }
    func find<R: Record>(_ type: R.Type, keys: [R.PrimaryKey]) async throws -> [R] { try await R.find(db, keys: keys) }
    func fetchAll<R: Record>(_ request: QueryRequest<R>) async throws -> [R] { try await request.fetchAll(db) }
    func fetchOne<R: Record>(_ request: QueryRequest<R>) async throws -> R? { try await request.fetchOne(db) }
    func count<R: Record>(_ request: QueryRequest<R>) async throws -> Int { try await request.count(db) }
    func exists<R: Record>(_ request: QueryRequest<R>) async throws -> Bool { try await request.exists(db) }
    func page<R: Record>(_ request: QueryRequest<R>, _ number: Int, size: Int) async throws -> Page<R> {
        try await request.page(number, size: size, in: db)
    }
    func updateAll<R: Record>(_ request: QueryRequest<R>, _ assignments: ColumnAssignment...) async throws -> Int {
        try await request.updateAll(db, assignments)
    }
    func deleteAll<R: Record>(_ request: QueryRequest<R>) async throws -> Int { try await request.deleteAll(db) }
    func aggregate<R: Record, E: TypedExpression>(_ request: QueryRequest<R>, _ expression: E) async throws -> E.Value
    where E.Storage: ColumnStorage, E.Value: Sendable {
        try await request.aggregate(db, expression)
    }
    func fetchAll<R: Record>(_ type: R.Type, sql: String, arguments: StatementArguments = []) async throws -> [R] {
        try await R.fetchAll(db, sql: sql, arguments: arguments)
    }
    func fetchOne<V: ColumnValue>(_ type: V.Type, sql: String, arguments: StatementArguments = []) async throws -> V? {
        try await V.fetchOne(db, sql: sql, arguments: arguments)
    }

    /// Inserts `records` in one transaction that then throws `Abort`: nothing may remain.
    func insertThenFail<R: Record>(_ records: [R]) async throws {
        do {
            switch storage {
            case .sqlite(let db, _):
                try await db.write { conn in
                    for var record in records { try record.insert(conn) }
                    throw Abort()
                }
#if PostgreSQL
            case .postgresql(let db, _):
                try await db.write { session in
                    for var record in records { try await record.insert(session) }
                    throw Abort()
                }
#endif
            }
        } catch is Abort {}
    }
}

extension Engine {
    // MARK: Relations, once per engine

    func fetchAll<R: Record, L: Sendable>(_ request: IncludingRequest<R, L>) async throws -> [Related<R, L>] { try await request.fetchAll(db) }
    func fetchOne<R: Record, L: Sendable>(_ request: IncludingRequest<R, L>) async throws -> Related<R, L>? { try await request.fetchOne(db) }
    func page<R: Record, L: Sendable>(_ request: IncludingRequest<R, L>, _ number: Int, size: Int) async throws -> Page<Related<R, L>> {
        try await request.page(number, size: size, in: db)
    }
    func fetchAll<E: EagerResult>(_ request: EagerResultRequest<E>) async throws -> [E] { try await request.fetchAll(db) }

    @discardableResult
    func save<R: Record, each Saved: Sendable>(
        _ record: inout R, with changes: repeat GraphChange<R, each Saved>
    ) async throws -> (repeat each Saved) {
        try await record.save(db, with: repeat each changes)
    }

    /// Saves the graph inside an open write transaction that catches its failure, inserts `after`, and commits:
    /// the failed graph must leave nothing, `after` must stay.
    func saveInTransaction<R: Record, each Saved: Sendable>(
        _ record: R, after: R, with changes: repeat GraphChange<R, each Saved>
    ) async throws -> (any Error)? {
        switch storage {
        case .sqlite(let db, _):
            return try await db.write { conn in
                var graph = record
                var failure: (any Error)?
                do { try graph.save(conn, with: repeat each changes) } catch { failure = error }
                var next = after
                try next.insert(conn)
                return failure
            }
#if PostgreSQL
        case .postgresql(let db, _):
            return try await db.write { session in
                var graph = record
                var failure: (any Error)?
                do { try await graph.save(session, with: repeat each changes) } catch { failure = error }
                var next = after
                try await next.insert(session)
                return failure
            }
#endif
        }
    }

    func fetchAll<O, T, K>(_ members: ManyToManyMembers<O, T, K>) async throws -> [T] { try await members.fetchAll(db) }
    func count<O, T, K>(_ members: ManyToManyMembers<O, T, K>) async throws -> Int { try await members.count(db) }
    func attach<O, T, K>(_ members: ManyToManyMembers<O, T, K>, _ targets: [T]) async throws { try await members.attach(db, targets) }
    func detach<O, T, K>(_ members: ManyToManyMembers<O, T, K>, _ targets: [T]) async throws { try await members.detach(db, targets) }
    func set<O, T, K>(_ members: ManyToManyMembers<O, T, K>, _ targets: [T]) async throws { try await members.set(db, targets) }
    func remove<O, T, K>(_ members: ManyToManyMembers<O, T, K>, _ target: T) async throws { try await members.remove(db, target) }
    func insert<O, T>(_ members: OrderedManyToManyRecords<O, T>, _ target: T, at end: OrderedManyToManyRecords<O, T>.ListEnd = .bottom) async throws {
        try await members.insert(db, target, at: end)
    }
    func move<O, T>(_ members: OrderedManyToManyRecords<O, T>, _ target: T, to index: Int) async throws {
        try await members.move(db, target, to: index)
    }

    /// What `body` returns and the SELECT statements the engine ran meanwhile (through each engine's `trace`).
    func selects<T>(_ body: () async throws -> T) async throws -> (T, selects: [String]) {
        let log = StatementLog()
        switch storage {
        case .sqlite(let db, _): db.trace { log.append($0.sql) }
#if PostgreSQL
        case .postgresql(let db, _): db.trace { log.append($0.sql) }
#endif
        }
        defer {
            switch storage {
            case .sqlite(let db, _): db.trace(nil)
#if PostgreSQL
            case .postgresql(let db, _): db.trace(nil)
#endif
            }
        }
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

/// Thrown inside a transaction to roll it back.
private struct Abort: Error {}
