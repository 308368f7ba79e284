import BenchSupport
import Foundation
import PostgresNIO

/// (A) The reference: postgres-nio by hand. One `PostgresClient` per run (its connection opened before timing), one
/// `PostgresPreparedStatement` per statement — parsed once per connection, then only bound and executed — values
/// bound in binary, rows decoded by position into plain structs.
final class PostgresNIOContender: PostgresContender {
    struct Item: Sendable {
        var id: Int64?
        var name: String
        var email: String
        var age: Int
        var score: Double
        var active: Bool
        var created: Date
        var note: String?
        var avatar: Data?
        var visits: Int
    }

    struct Author: Sendable {
        var id: Int64
        var name: String
    }

    struct Book: Sendable {
        var id: Int64
        var title: String
        var pages: Int
        var authorID: Int64
    }

    /// A `documents` row; postgres-nio decodes its JSONB column into `Meta` with `JSONDecoder` (its `Decodable`
    /// support), as its users do.
    struct Document: Sendable {
        var id: Int64
        var title: String
        var meta: Meta
    }

    /// The JSON document, `Codable` the way the generated `DocMeta` is (synthesized, the same keys).
    struct Meta: Codable, Sendable, PostgresDecodable {
        var publisher: Publisher
        var edition: Int
        var tags: [String]
    }

    struct Publisher: Codable, Sendable {
        var name: String
        var city: String
    }

    private let running: RunningClient
    private var client: PostgresClient { running.client }
    private let logger = PostgresServer.logger

    init(server: PostgresServer, database: String) async throws {
        running = RunningClient(server.clientConfiguration(database: database))
        do {
            // Opens the pool's connection now, outside the timed region.
            try await running.client.query("SELECT 1", logger: logger)
        } catch {
            await running.shutdown()
            throw error
        }
    }

    func close() async throws {
        await running.shutdown()
    }

    func prepare(_ workload: Workload, sizes: Sizes) async throws -> (() async throws -> Outcome)? {
        let logger = logger
        switch workload {
        case .insert:
            var items = (1...sizes.rows).map { Self.item($0, id: nil) }
            return { [self] in
                try await transaction { connection in
                    var sum = 0
                    for index in items.indices {
                        for try await id in try await connection.execute(InsertItem(item: items[index]), logger: logger) {
                            items[index].id = id
                        }
                        sum &+= Int(items[index].id ?? 0)
                    }
                    return Outcome(rows: items.count, checksum: sum)
                }
            }
        case .fetchAll:
            return { [self] in
                try await transaction { connection in
                    var items: [Item] = []
                    for try await item in try await connection.execute(SelectAllItems(), logger: logger) {
                        items.append(item)
                    }
                    return Outcome(rows: items.count, checksum: items.reduce(0, Self.fold))
                }
            }
        case .lookup:
            let keys = (0..<sizes.lookups).map { Fixture.lookupKey($0, rows: sizes.rows) }
            return { [self] in
                try await transaction { connection in
                    var sum = 0
                    for key in keys {
                        var found: Item?
                        for try await item in try await connection.execute(SelectItem(id: key), logger: logger) {
                            found = item
                        }
                        if let found { sum = Self.fold(sum, found) }
                    }
                    return Outcome(rows: keys.count, checksum: sum)
                }
            }
        case .query:
            return { [self] in
                try await transaction { connection in
                    var rows = 0
                    var sum = 0
                    for k in 0..<sizes.queries {
                        var items: [Item] = []
                        for try await item in try await connection.execute(SelectByAge(minimumAge: Fixture.minimumAge(k)), logger: logger) {
                            items.append(item)
                        }
                        rows += items.count
                        sum = items.reduce(sum, Self.fold)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .update:
            let items = (1...sizes.rows).map { Self.item($0, id: Int64($0), visits: $0 * 3 + 1) }
            return { [self] in
                try await transaction { connection in
                    for item in items {
                        try await run(UpdateItem(item: item), on: connection)
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .upsert:
            let items = Fixture.upsertIDs(rows: sizes.rows).map {
                Self.item($0, id: Int64($0), visits: Fixture.upsertVisits($0))
            }
            return { [self] in
                try await transaction { connection in
                    for item in items {
                        try await run(UpsertItem(item: item), on: connection)
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .cursor:
            return { [self] in
                try await transaction { connection in
                    var rows = 0
                    var sum = 0
                    // The row sequence streams with back-pressure: rows are decoded as they arrive, never collected.
                    for try await item in try await connection.execute(SelectAllItems(), logger: logger) {
                        rows += 1
                        sum = Self.fold(sum, item)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .eager:
            return { [self] in
                try await transaction { connection in
                    var authors: [Author] = []
                    for try await author in try await connection.execute(SelectAuthors(), logger: logger) {
                        authors.append(author)
                    }
                    var booksByAuthor: [Int64: [Book]] = [:]
                    for try await book in try await connection.execute(SelectBooksOfAuthors(), logger: logger) {
                        booksByAuthor[book.authorID, default: []].append(book)
                    }
                    let graph = authors.map { (author: $0, books: booksByAuthor[$0.id] ?? []) }
                    var rows = 0
                    var sum = 0
                    for (author, books) in graph {
                        rows += 1 + books.count
                        sum &+= Int(author.id) &+ author.name.utf8.count
                        for book in books {
                            sum = Fixture.foldBook(sum, id: book.id, title: book.title, pages: book.pages, authorID: book.authorID)
                        }
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .jsonPath, .jsonPathIndexed:
            // The same statement on both templates: only the index differs.
            let count = workload == .jsonPath ? sizes.pathScans : sizes.queries
            return { [self] in
                try await transaction { connection in
                    var rows = 0
                    var sum = 0
                    for k in 0..<count {
                        var documents: [Document] = []
                        for try await document in try await connection.execute(SelectDocumentsByCity(city: Fixture.pathCity(k)), logger: logger) {
                            documents.append(document)
                        }
                        rows += documents.count
                        sum = documents.reduce(sum, Self.foldDocument)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .matching:
            let queries = (0..<sizes.searches).map(Fixture.matchQuery)
            return { [self] in
                try await transaction { connection in
                    var rows = 0
                    var sum = 0
                    for query in queries {
                        var matches: [Match] = []
                        for try await match in try await connection.execute(SelectMatches(text: query), logger: logger) {
                            matches.append(match)
                        }
                        rows += matches.count
                        for (rank, match) in matches.enumerated() {
                            sum = Fixture.foldMatch(sum, rank: rank, id: match.id, title: match.title, snippet: match.snippet)
                        }
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .fetchPlain: return fetchVolumes(PlainTwin.self)
        case .fetchSoft: return fetchVolumes(SoftTwin.self)
        case .countPlain: return countVolumes(PlainTwin.self, sizes: sizes)
        case .countSoft: return countVolumes(SoftTwin.self, sizes: sizes)
        case .eagerPlain: return eagerShelves(PlainTwin.self)
        case .eagerSoft: return eagerShelves(SoftTwin.self)
        }
    }

    /// A `volumes`/`soft_volumes` row.
    struct Volume: Sendable {
        var id: Int64
        var title: String
        var pages: Int
        var deletedAt: Date?
        var shelfID: Int64
    }

    struct Shelf: Sendable {
        var id: Int64
        var name: String
        var deletedAt: Date?
    }

    // The soft-delete twins by hand: the soft-delete one with the filter ORMKit adds, `deleted_at IS NULL`.

    private func fetchVolumes<T: Twin>(_ twin: T.Type) -> () async throws -> Outcome {
        { [self] in
            try await transaction { connection in
                var volumes: [Volume] = []
                for try await volume in try await connection.execute(SelectVolumes<T>(), logger: logger) {
                    volumes.append(volume)
                }
                return Outcome(rows: volumes.count, checksum: volumes.reduce(0, Self.foldVolume))
            }
        }
    }

    private func countVolumes<T: Twin>(_ twin: T.Type, sizes: Sizes) -> () async throws -> Outcome {
        { [self] in
            try await transaction { connection in
                var sum = 0
                for _ in 0..<sizes.counts {
                    for try await count in try await connection.execute(CountVolumes<T>(), logger: logger) {
                        sum &+= count
                    }
                }
                return Outcome(rows: sizes.counts, checksum: sum)
            }
        }
    }

    private func eagerShelves<T: Twin>(_ twin: T.Type) -> () async throws -> Outcome {
        { [self] in
            try await transaction { connection in
                var shelves: [Shelf] = []
                for try await shelf in try await connection.execute(SelectShelves<T>(), logger: logger) {
                    shelves.append(shelf)
                }
                var volumesByShelf: [Int64: [Volume]] = [:]
                for try await volume in try await connection.execute(SelectVolumesOfShelves<T>(), logger: logger) {
                    volumesByShelf[volume.shelfID, default: []].append(volume)
                }
                var rows = 0
                var sum = 0
                for shelf in shelves {
                    let volumes = volumesByShelf[shelf.id] ?? []
                    rows += 1 + volumes.count
                    sum &+= Int(shelf.id) &+ shelf.name.utf8.count
                    sum = volumes.reduce(sum, Self.foldVolume)
                }
                return Outcome(rows: rows, checksum: sum)
            }
        }
    }

    @inline(never)  // the same out-of-line call for every contender
    static func foldVolume(_ sum: Int, _ volume: Volume) -> Int {
        Fixture.foldVolume(
            sum, id: volume.id, title: volume.title, pages: volume.pages, shelfID: volume.shelfID, deleted: volume.deletedAt != nil)
    }

    /// A fetched `matching` row.
    struct Match: Sendable {
        var id: Int64
        var title: String
        var snippet: String
    }

    /// Runs `body` in one transaction on the client's connection, as every contender does.
    private func transaction(_ body: (PostgresConnection) async throws -> Outcome) async throws -> Outcome {
        try await client.withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let outcome = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return outcome
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// Executes a statement that returns no rows and waits for it to complete. (postgres-nio's overload for
    /// `Row == ()`, which returns the command tag, fails a precondition in 1.33.2 when the tag is read before the
    /// stream is consumed; draining the empty row sequence is the same round trip.)
    @inline(__always)
    private func run<Statement: PostgresPreparedStatement>(_ statement: Statement, on connection: PostgresConnection) async throws
    where Statement.Row == () {
        for try await _ in try await connection.execute(statement, logger: logger) {}
    }

    static func item(_ id: Int, id key: Int64?, visits: Int? = nil) -> Item {
        Item(
            id: key, name: Fixture.name(id), email: Fixture.email(id), age: Fixture.age(id),
            score: Fixture.score(id), active: Fixture.active(id), created: Fixture.created(id),
            note: Fixture.note(id), avatar: Fixture.avatar(id), visits: visits ?? Fixture.visits(id)
        )
    }

    static func meta(_ id: Int) -> Meta {
        Meta(
            publisher: Publisher(name: Fixture.publisherName(id), city: Fixture.city(id)),
            edition: Fixture.edition(id), tags: Fixture.tags(id))
    }

    @inline(never)  // the same out-of-line call for every contender
    static func foldDocument(_ sum: Int, _ document: Document) -> Int {
        Fixture.foldDocument(
            sum, id: document.id, title: document.title, publisherName: document.meta.publisher.name,
            city: document.meta.publisher.city, edition: document.meta.edition, tags: document.meta.tags)
    }

    @inline(never)  // the same out-of-line call for every contender
    static func fold(_ sum: Int, _ item: Item) -> Int {
        Fixture.fold(
            sum, id: item.id, name: item.name, email: item.email, age: item.age, score: item.score,
            active: item.active, created: item.created, note: item.note, avatar: item.avatar, visits: item.visits
        )
    }
}

// MARK: - The prepared statements and the hand-written row codec

private let itemColumns = "id, name, email, age, score, active, created, note, avatar, visits"

/// Decodes the ten `items` columns in order.
@inline(__always)
private func decodeItem(_ row: PostgresRow) throws -> PostgresNIOContender.Item {
    let (id, name, email, age, score, active, created, note, avatar, visits) = try row.decode(
        (Int64, String, String, Int, Double, Bool, Date, String?, Data?, Int).self)
    return PostgresNIOContender.Item(
        id: id, name: name, email: email, age: age, score: score, active: active, created: created, note: note,
        avatar: avatar, visits: visits)
}

/// Binds an item's nine value columns, in `itemColumns` order after `id`.
@inline(__always)
private func bindValues(_ item: PostgresNIOContender.Item, to bindings: inout PostgresBindings) throws {
    bindings.append(item.name)
    bindings.append(item.email)
    bindings.append(item.age)
    bindings.append(item.score)
    bindings.append(item.active)
    bindings.append(item.created)
    bindings.append(item.note)
    try bindings.append(item.avatar)
    bindings.append(item.visits)
}

private struct InsertItem: PostgresPreparedStatement {
    static let name = "bench_a_insert_item"
    static let sql = "INSERT INTO items (name, email, age, score, active, created, note, avatar, visits) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id"
    typealias Row = Int64
    let item: PostgresNIOContender.Item

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 9)
        try bindValues(item, to: &bindings)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
}

private struct UpdateItem: PostgresPreparedStatement {
    static let name = "bench_a_update_item"
    static let sql = "UPDATE items SET name = $2, email = $3, age = $4, score = $5, active = $6, created = $7, note = $8, avatar = $9, visits = $10 WHERE id = $1"
    typealias Row = ()
    let item: PostgresNIOContender.Item

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 10)
        bindings.append(item.id ?? 0)
        try bindValues(item, to: &bindings)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws {}
}

private struct UpsertItem: PostgresPreparedStatement {
    static let name = "bench_a_upsert_item"
    static let sql = """
        INSERT INTO items (\(itemColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email, age = excluded.age, \
        score = excluded.score, active = excluded.active, created = excluded.created, note = excluded.note, \
        avatar = excluded.avatar, visits = excluded.visits
        """
    typealias Row = ()
    let item: PostgresNIOContender.Item

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 10)
        bindings.append(item.id ?? 0)
        try bindValues(item, to: &bindings)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws {}
}

private struct SelectAllItems: PostgresPreparedStatement {
    static let name = "bench_a_select_all_items"
    static let sql = "SELECT \(itemColumns) FROM items"
    typealias Row = PostgresNIOContender.Item

    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> Row { try decodeItem(row) }
}

private struct SelectItem: PostgresPreparedStatement {
    static let name = "bench_a_select_item"
    static let sql = "SELECT \(itemColumns) FROM items WHERE id = $1"
    typealias Row = PostgresNIOContender.Item
    let id: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(id)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try decodeItem(row) }
}

private struct SelectByAge: PostgresPreparedStatement {
    static let name = "bench_a_select_by_age"
    static let sql = "SELECT \(itemColumns) FROM items WHERE age > $1 ORDER BY score LIMIT 100"
    typealias Row = PostgresNIOContender.Item
    let minimumAge: Int

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(minimumAge)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try decodeItem(row) }
}

private struct SelectAuthors: PostgresPreparedStatement {
    static let name = "bench_a_select_authors"
    static let sql = "SELECT id, name FROM authors"
    typealias Row = PostgresNIOContender.Author

    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (id, name) = try row.decode((Int64, String).self)
        return Row(id: id, name: name)
    }
}

private struct SelectBooksOfAuthors: PostgresPreparedStatement {
    static let name = "bench_a_select_books_of_authors"
    static let sql = "SELECT id, title, pages, author_id FROM books WHERE author_id IN (SELECT id FROM authors)"
    typealias Row = PostgresNIOContender.Book

    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (id, title, pages, authorID) = try row.decode((Int64, String, Int, Int64).self)
        return Row(id: id, title: title, pages: pages, authorID: authorID)
    }
}

/// The JSON-path filter written by hand, with the path index's expression (`#>>` and the keys as a text array), so
/// the planner can serve it with the index.
struct SelectDocumentsByCity: PostgresPreparedStatement {
    static let name = "bench_a_select_documents_by_city"
    static let sql = "SELECT id, title, meta FROM documents WHERE meta #>> '{publisher,city}' = $1"
    typealias Row = PostgresNIOContender.Document
    let city: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(city)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (id, title, meta) = try row.decode((Int64, String, PostgresNIOContender.Meta).self)
        return Row(id: id, title: title, meta: meta)
    }
}

/// The `matching` query by hand: the GIN-indexed `search_vector` matched with `plainto_tsquery`, best first
/// (`ts_rank`, then the key, as ORMKit orders), the top 20 with `ts_headline`'s snippet of the body (the options
/// ORMKit writes for `snippet(words: 12)`).
struct SelectMatches: PostgresPreparedStatement {
    static let name = "bench_a_select_matches"
    static let sql = """
        SELECT id, title, ts_headline('english'::regconfig, body, plainto_tsquery('english'::regconfig, $1), \
        'StartSel="[", StopSel="]", MaxWords=\(Fixture.snippetWords), MinWords=\(Fixture.snippetWords / 2)') \
        FROM articles WHERE search_vector @@ plainto_tsquery('english'::regconfig, $1) \
        ORDER BY ts_rank(search_vector, plainto_tsquery('english'::regconfig, $1)) DESC, id LIMIT \(Fixture.matchLimit)
        """
    typealias Row = PostgresNIOContender.Match
    let text: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(text)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (id, title, snippet) = try row.decode((Int64, String, String).self)
        return Row(id: id, title: title, snippet: snippet)
    }
}

/// One of the soft-delete twins' pairs of tables, and the filter its reads need.
protocol Twin: Sendable {
    /// `""` or `"soft_"`.
    static var prefix: String { get }
    /// `""`, or ` WHERE deleted_at IS NULL`.
    static var live: String { get }
}

enum PlainTwin: Twin {
    static var prefix: String { "" }
    static var live: String { "" }
}

enum SoftTwin: Twin {
    static var prefix: String { "soft_" }
    static var live: String { " WHERE deleted_at IS NULL" }
}

private func decodeVolume(_ row: PostgresRow) throws -> PostgresNIOContender.Volume {
    let (id, title, pages, deletedAt, shelfID) = try row.decode((Int64, String, Int, Date?, Int64).self)
    return PostgresNIOContender.Volume(id: id, title: title, pages: pages, deletedAt: deletedAt, shelfID: shelfID)
}

private struct SelectVolumes<T: Twin>: PostgresPreparedStatement {
    static var name: String { "bench_a_select_\(T.prefix)volumes" }
    static var sql: String { "SELECT id, title, pages, deleted_at, shelf_id FROM \(T.prefix)volumes\(T.live)" }
    typealias Row = PostgresNIOContender.Volume

    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> Row { try decodeVolume(row) }
}

private struct CountVolumes<T: Twin>: PostgresPreparedStatement {
    static var name: String { "bench_a_count_\(T.prefix)volumes" }
    static var sql: String { "SELECT count(*) FROM \(T.prefix)volumes\(T.live)" }
    typealias Row = Int

    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int.self) }
}

private struct SelectShelves<T: Twin>: PostgresPreparedStatement {
    static var name: String { "bench_a_select_\(T.prefix)shelves" }
    static var sql: String { "SELECT id, name, deleted_at FROM \(T.prefix)shelves\(T.live)" }
    typealias Row = PostgresNIOContender.Shelf

    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (id, name, deletedAt) = try row.decode((Int64, String, Date?).self)
        return Row(id: id, name: name, deletedAt: deletedAt)
    }
}

private struct SelectVolumesOfShelves<T: Twin>: PostgresPreparedStatement {
    static var name: String { "bench_a_select_\(T.prefix)volumes_of_shelves" }
    static var sql: String {
        "SELECT id, title, pages, deleted_at, shelf_id FROM \(T.prefix)volumes WHERE shelf_id IN (SELECT id FROM \(T.prefix)shelves\(T.live))"
            + (T.live.isEmpty ? "" : " AND deleted_at IS NULL")
    }
    typealias Row = PostgresNIOContender.Volume

    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> Row { try decodeVolume(row) }
}
