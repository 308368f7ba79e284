import BenchSupport
import FluentKit
import FluentPostgresDriver
import FluentSQL
import Foundation
import PostgresNIO

/// (F) Fluent, as a Vapor app uses it: models with property wrappers (`@ID`, `@Field`, `@Children`…) whose values
/// travel through Codable, on fluent-postgres-driver's default configuration (`SQLPostgresConfiguration`, one
/// pooled connection per event loop). Vapor's own `Fluent` module only wires these into an `Application`; the
/// models, queries and driver are the ones here, without an HTTP server to build.
///
/// What its users write: `create(on:)`, `Item.query(on:).all()`, `Item.find(_:on:)`,
/// `filter(\.$age > x).sort(\.$score).limit(100)`, `update(on:)` (on records marked as existing),
/// `query.all { row in }` to stream, `with(\.$books)` to eager-load, all in `transaction { }`. Fluent's model API
/// has no upsert, so the upsert goes through SQLKit, which Fluent's SQL databases expose.
final class FluentContender: PostgresContender {
    private let databases: Databases
    private let database: any Database

    init(server: PostgresServer, database name: String) async throws {
        let configuration = SQLPostgresConfiguration(
            hostname: server.host, port: server.port, username: server.username, password: server.password,
            database: name, tls: .disable)
        let eventLoopGroup = MultiThreadedEventLoopGroup.singleton
        databases = Databases(threadPool: NIOThreadPool.singleton, on: eventLoopGroup)
        databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: 1), as: .psql)
        guard let database = databases.database(.psql, logger: PostgresServer.logger, on: eventLoopGroup.any()) else {
            await databases.shutdownAsync()
            throw BenchError("Fluent: no .psql database")
        }
        self.database = database
        do {
            // Opens the pooled connection now, outside the timed region.
            _ = try await FluentItem.query(on: database).limit(1).all()
        } catch {
            await databases.shutdownAsync()
            throw error
        }
    }

    func close() async throws {
        await databases.shutdownAsync()
    }

    func prepare(_ workload: Workload, sizes: Sizes) async throws -> (() async throws -> Outcome)? {
        let database = database
        switch workload {
        case .insert:
            let items = (1...sizes.rows).map { Self.item($0, id: nil) }
            return {
                try await database.transaction { tx in
                    var sum = 0
                    for item in items {
                        try await item.create(on: tx)
                        sum &+= Int(item.id ?? 0)
                    }
                    return Outcome(rows: items.count, checksum: sum)
                }
            }
        case .fetchAll:
            return {
                try await database.transaction { tx in
                    let items = try await FluentItem.query(on: tx).all()
                    return Outcome(rows: items.count, checksum: items.reduce(0, Self.fold))
                }
            }
        case .lookup:
            let keys = (0..<sizes.lookups).map { Fixture.lookupKey($0, rows: sizes.rows) }
            return {
                try await database.transaction { tx in
                    var sum = 0
                    for key in keys {
                        if let item = try await FluentItem.find(key, on: tx) { sum = Self.fold(sum, item) }
                    }
                    return Outcome(rows: keys.count, checksum: sum)
                }
            }
        case .query:
            return {
                try await database.transaction { tx in
                    var rows = 0
                    var sum = 0
                    for k in 0..<sizes.queries {
                        let items = try await FluentItem.query(on: tx)
                            .filter(\.$age > Fixture.minimumAge(k)).sort(\.$score).limit(100).all()
                        rows += items.count
                        sum = items.reduce(sum, Self.fold)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .update:
            let items = (1...sizes.rows).map { id in
                let item = Self.item(id, id: Int64(id), visits: id * 3 + 1)
                item.$id.exists = true  // a record the app loaded earlier: update(on:) writes every field it set
                return item
            }
            return {
                try await database.transaction { tx in
                    for item in items {
                        try await item.update(on: tx)
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .upsert:
            let items = Fixture.upsertIDs(rows: sizes.rows).map {
                Self.item($0, id: Int64($0), visits: Fixture.upsertVisits($0))
            }
            return {
                try await database.transaction { tx in
                    guard let sql = tx as? any SQLDatabase else { throw BenchError("Fluent: the database is not an SQLDatabase") }
                    for item in items {
                        try await sql.insert(into: FluentItem.schema)
                            .columns(FluentItem.columns)
                            .values([
                                item.id, item.name, item.email, item.age, item.score, item.active, item.created, item.note,
                                item.avatar, item.visits,
                            ] as [any Encodable & Sendable])
                            .onConflict(with: ["id"]) { update in
                                FluentItem.columns.dropFirst().reduce(update) { $0.set(excludedValueOf: $1) }
                            }
                            .run()
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .cursor:
            return {
                try await database.transaction { tx in
                    // Rows are decoded into models as they arrive and handed over one by one; none is kept.
                    let total = Accumulator()
                    try await FluentItem.query(on: tx).all { result in
                        if case .success(let item) = result { total.add(item) } else { total.failed = true }
                    }
                    if total.failed { throw BenchError("Fluent: a streamed row failed to decode") }
                    return Outcome(rows: total.rows, checksum: total.sum)
                }
            }
        case .eager:
            return {
                try await database.transaction { tx in
                    let authors = try await FluentAuthor.query(on: tx).with(\.$books).all()
                    var rows = 0
                    var sum = 0
                    for author in authors {
                        rows += 1 + author.books.count
                        sum &+= Int(author.id ?? 0) &+ author.name.utf8.count
                        for book in author.books {
                            sum = Fixture.foldBook(sum, id: book.id ?? 0, title: book.title, pages: book.pages, authorID: book.$author.id)
                        }
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .jsonPath, .jsonPathIndexed:
            // Not measured: Fluent has no typed JSON paths (a `@Field` of a Codable struct is stored as JSONB whole;
            // reaching inside takes `DatabaseQuery.Field.extendedPath` or raw SQL), and the comparison these
            // workloads make is ORMKit's generated paths against the same filter written by hand.
            return nil
        case .matching, .fetchPlain, .fetchSoft, .countPlain, .countSoft, .eagerPlain, .eagerSoft:
            // Not measured: `matching` compares ORMKit's full-text search with the same SQL by hand (Fluent has no
            // text search), and the soft-delete workloads compare ORMKit with itself.
            return nil
        }
    }

    static func item(_ id: Int, id key: Int64?, visits: Int? = nil) -> FluentItem {
        FluentItem(
            id: key, name: Fixture.name(id), email: Fixture.email(id), age: Fixture.age(id),
            score: Fixture.score(id), active: Fixture.active(id), created: Fixture.created(id),
            note: Fixture.note(id), avatar: Fixture.avatar(id), visits: visits ?? Fixture.visits(id)
        )
    }

    @inline(never)  // the same out-of-line call for every contender
    static func fold(_ sum: Int, _ item: FluentItem) -> Int {
        Fixture.fold(
            sum, id: item.id, name: item.name, email: item.email, age: item.age, score: item.score,
            active: item.active, created: item.created, note: item.note, avatar: item.avatar, visits: item.visits
        )
    }

    /// The streamed rows' count and checksum. Fluent calls the row handler on its connection's event loop, one row
    /// at a time, and the caller reads the totals only after the query's future completed (which orders the reads
    /// after every write), hence `@unchecked Sendable`.
    private final class Accumulator: @unchecked Sendable {
        var rows = 0
        var sum = 0
        var failed = false

        func add(_ item: FluentItem) {
            rows += 1
            sum = FluentContender.fold(sum, item)
        }
    }
}

// MARK: - The Fluent models of the benchmark tables

/// `items`, as a Fluent model. Fluent models are classes whose properties are wrappers; `@unchecked Sendable` is
/// how Fluent's own models and documentation declare them.
final class FluentItem: Model, @unchecked Sendable {
    static let schema = "items"
    static let columns = ["id", "name", "email", "age", "score", "active", "created", "note", "avatar", "visits"]

    @ID(custom: "id", generatedBy: .database) var id: Int64?
    @Field(key: "name") var name: String
    @Field(key: "email") var email: String
    @Field(key: "age") var age: Int
    @Field(key: "score") var score: Double
    @Field(key: "active") var active: Bool
    @Field(key: "created") var created: Date
    @OptionalField(key: "note") var note: String?
    @OptionalField(key: "avatar") var avatar: Data?
    @Field(key: "visits") var visits: Int

    init() {}

    init(
        id: Int64?, name: String, email: String, age: Int, score: Double, active: Bool, created: Date,
        note: String?, avatar: Data?, visits: Int
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.age = age
        self.score = score
        self.active = active
        self.created = created
        self.note = note
        self.avatar = avatar
        self.visits = visits
    }
}

/// `authors`, with its books.
final class FluentAuthor: Model, @unchecked Sendable {
    static let schema = "authors"

    @ID(custom: "id", generatedBy: .database) var id: Int64?
    @Field(key: "name") var name: String
    @Children(for: \.$author) var books: [FluentBook]

    init() {}
}

/// `books`, belonging to an author.
final class FluentBook: Model, @unchecked Sendable {
    static let schema = "books"

    @ID(custom: "id", generatedBy: .database) var id: Int64?
    @Field(key: "title") var title: String
    @Field(key: "pages") var pages: Int
    @Parent(key: "author_id") var author: FluentAuthor

    init() {}
}
