import BenchSQLite
import BenchSupport
import Foundation

/// (A) The reference: hand-written SQLite C calls, each statement prepared once and reused, values
/// bound and read by index.
final class RawSQLiteContender: Contender {
    struct Item {
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

    struct Author {
        var id: Int64
        var name: String
    }

    struct Book {
        var id: Int64
        var title: String
        var pages: Int
        var authorID: Int64
    }

    /// A `documents` row: its JSON column decoded with `JSONDecoder` into `Meta`, as an app does by hand.
    struct Document {
        var id: Int64
        var title: String
        var meta: Meta
    }

    /// The JSON document, `Codable` the way the generated `DocMeta` is (synthesized, the same keys).
    struct Meta: Codable {
        var publisher: Publisher
        var edition: Int
        var tags: [String]
    }

    struct Publisher: Codable {
        var name: String
        var city: String
    }

    private static let columns = "id, name, email, age, score, active, created, note, avatar, visits"
    private static let insertSQL = "INSERT INTO items (\(columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
    /// The JSON-path filter written by hand: the same `json_extract` expression as the path index's.
    static let documentsByCitySQL = "SELECT id, title, meta FROM documents WHERE json_extract(meta, '$.publisher.city') = ?1"
    /// The `matching` query written by hand: the FTS5 table joined by rowid, best first (`bm25`, lower is better,
    /// then the key, as ORMKit orders), the top 20 with a 12-word snippet of the body (FTS5 column 1).
    static let matchingSQL = """
        SELECT articles.id, articles.title, snippet(articles_search, 1, '[', ']', '…', \(Fixture.snippetWords)) \
        FROM articles JOIN articles_search ON articles_search.rowid = articles.rowid \
        WHERE articles_search MATCH ?1 ORDER BY bm25(articles_search), articles.id LIMIT \(Fixture.matchLimit)
        """
    private static let assignments = "name = ?2, email = ?3, age = ?4, score = ?5, active = ?6, created = ?7, note = ?8, avatar = ?9, visits = ?10"

    let connection: SQLiteConnection
    private var statements: [String: OpaquePointer] = [:]

    init(path: String) throws {
        connection = try SQLiteConnection(path: path)
    }

    deinit {
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
    }

    /// The prepared statement for `sql`, compiled on first use and reused after.
    private func statement(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        let statement = try connection.prepare(sql)
        statements[sql] = statement
        return statement
    }

    func prepare(_ workload: Workload, sizes: Sizes) throws -> (() throws -> Outcome)? {
        switch workload {
        case .insert:
            var items = (1...sizes.rows).map { Self.item($0, id: nil) }
            let insert = try statement(Self.insertSQL)
            return { [self] in
                try transaction(writes: true) {
                    var sum = 0
                    for index in items.indices {
                        try write(items[index], with: insert)
                        items[index].id = sqlite3_last_insert_rowid(connection.handle)
                        sum &+= Int(items[index].id ?? 0)
                    }
                    return Outcome(rows: items.count, checksum: sum)
                }
            }
        case .fetchAll:
            let select = try statement("SELECT \(Self.columns) FROM items")
            return { [self] in
                try transaction {
                    var items: [Item] = []
                    try forEachItem(select) { items.append($0) }
                    return Outcome(rows: items.count, checksum: items.reduce(0, Self.fold))
                }
            }
        case .lookup:
            let keys = (0..<sizes.lookups).map { Fixture.lookupKey($0, rows: sizes.rows) }
            let select = try statement("SELECT \(Self.columns) FROM items WHERE id = ?1")
            return { [self] in
                try transaction {
                    var sum = 0
                    for key in keys {
                        sqlite3_bind_int64(select, 1, key)
                        var found: Item?
                        try forEachItem(select) { found = $0 }
                        if let found { sum = Self.fold(sum, found) }
                    }
                    return Outcome(rows: keys.count, checksum: sum)
                }
            }
        case .query:
            let select = try statement("SELECT \(Self.columns) FROM items WHERE age > ?1 ORDER BY score LIMIT 100")
            return { [self] in
                try transaction {
                    var rows = 0
                    var sum = 0
                    for k in 0..<sizes.queries {
                        sqlite3_bind_int64(select, 1, Int64(Fixture.minimumAge(k)))
                        var items: [Item] = []
                        try forEachItem(select) { items.append($0) }
                        rows += items.count
                        sum = items.reduce(sum, Self.fold)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .update:
            let items = (1...sizes.rows).map { Self.item($0, id: Int64($0), visits: $0 * 3 + 1) }
            let update = try statement("UPDATE items SET \(Self.assignments) WHERE id = ?1")
            return { [self] in
                try transaction(writes: true) {
                    for item in items {
                        try write(item, with: update)
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .upsert:
            let items = Fixture.upsertIDs(rows: sizes.rows).map {
                Self.item($0, id: Int64($0), visits: Fixture.upsertVisits($0))
            }
            let upsert = try statement(
                Self.insertSQL + " ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email, "
                    + "age = excluded.age, score = excluded.score, active = excluded.active, "
                    + "created = excluded.created, note = excluded.note, avatar = excluded.avatar, "
                    + "visits = excluded.visits"
            )
            return { [self] in
                try transaction(writes: true) {
                    for item in items {
                        try write(item, with: upsert)
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .cursor:
            let select = try statement("SELECT \(Self.columns) FROM items")
            return { [self] in
                try transaction {
                    var rows = 0
                    var sum = 0
                    try forEachItem(select) { item in
                        rows += 1
                        sum = Self.fold(sum, item)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .eager:
            let selectAuthors = try statement("SELECT id, name FROM authors")
            let selectBooks = try statement(
                "SELECT id, title, pages, author_id FROM books WHERE author_id IN (SELECT id FROM authors)"
            )
            return { [self] in
                try transaction {
                    var authors: [Author] = []
                    while try step(selectAuthors) {
                        authors.append(Author(id: sqlite3_column_int64(selectAuthors, 0), name: text(selectAuthors, 1)))
                    }
                    var booksByAuthor: [Int64: [Book]] = [:]
                    while try step(selectBooks) {
                        let book = Book(
                            id: sqlite3_column_int64(selectBooks, 0),
                            title: text(selectBooks, 1),
                            pages: Int(sqlite3_column_int64(selectBooks, 2)),
                            authorID: sqlite3_column_int64(selectBooks, 3)
                        )
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
            let select = try statement(Self.documentsByCitySQL)
            return { [self] in
                try transaction {
                    let decoder = JSONDecoder()
                    var rows = 0
                    var sum = 0
                    for k in 0..<count {
                        bind(Fixture.pathCity(k), select, 1)
                        var documents: [Document] = []
                        while try step(select) {
                            documents.append(Document(
                                id: sqlite3_column_int64(select, 0),
                                title: text(select, 1),
                                meta: try decoder.decode(Meta.self, from: textData(select, 2))
                            ))
                        }
                        rows += documents.count
                        sum = documents.reduce(sum, Self.foldDocument)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .matching:
            let select = try statement(Self.matchingSQL)
            let queries = (0..<sizes.searches).map { Self.ftsQuery(Fixture.matchQuery($0)) }
            return { [self] in
                try transaction {
                    var rows = 0
                    var sum = 0
                    for query in queries {
                        bind(query, select, 1)
                        var matches: [Match] = []
                        while try step(select) {
                            matches.append(Match(id: sqlite3_column_int64(select, 0), title: text(select, 1), snippet: text(select, 2)))
                        }
                        rows += matches.count
                        for (rank, match) in matches.enumerated() {
                            sum = Fixture.foldMatch(sum, rank: rank, id: match.id, title: match.title, snippet: match.snippet)
                        }
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .fetchPlain, .fetchSoft:
            // The twins by hand: the soft-delete one with the filter ORMKit adds, `deleted_at IS NULL`.
            let (table, live) = Self.twin(workload == .fetchSoft)
            let select = try statement("SELECT id, title, pages, deleted_at, shelf_id FROM \(table)volumes\(live)")
            return { [self] in
                try transaction {
                    var volumes: [Volume] = []
                    while try step(select) { volumes.append(volume(select)) }
                    return Outcome(rows: volumes.count, checksum: volumes.reduce(0, Self.foldVolume))
                }
            }
        case .countPlain, .countSoft:
            let (table, live) = Self.twin(workload == .countSoft)
            let select = try statement("SELECT count(*) FROM \(table)volumes\(live)")
            return { [self] in
                try transaction {
                    var sum = 0
                    for _ in 0..<sizes.counts {
                        guard try step(select) else { continue }
                        sum &+= Int(sqlite3_column_int64(select, 0))
                        sqlite3_reset(select)
                    }
                    return Outcome(rows: sizes.counts, checksum: sum)
                }
            }
        case .eagerPlain, .eagerSoft:
            let (table, live) = Self.twin(workload == .eagerSoft)
            let selectShelves = try statement("SELECT id, name, deleted_at FROM \(table)shelves\(live)")
            let selectVolumes = try statement(
                "SELECT id, title, pages, deleted_at, shelf_id FROM \(table)volumes WHERE shelf_id IN (SELECT id FROM \(table)shelves\(live))"
                    + (live.isEmpty ? "" : " AND deleted_at IS NULL"))
            return { [self] in
                try transaction {
                    var shelves: [(id: Int64, name: String)] = []
                    while try step(selectShelves) {
                        shelves.append((sqlite3_column_int64(selectShelves, 0), text(selectShelves, 1)))
                    }
                    var volumesByShelf: [Int64: [Volume]] = [:]
                    while try step(selectVolumes) {
                        let volume = volume(selectVolumes)
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
    }

    /// A `volumes`/`soft_volumes` row.
    struct Volume {
        var id: Int64
        var title: String
        var pages: Int
        var deletedAt: Double?
        var shelfID: Int64
    }

    /// The table prefix and the live-rows filter of the plain (`""`, none) or soft-delete twin.
    private static func twin(_ soft: Bool) -> (String, String) {
        soft ? ("soft_", " WHERE deleted_at IS NULL") : ("", "")
    }

    @inline(__always)
    private func volume(_ statement: OpaquePointer) -> Volume {
        Volume(
            id: sqlite3_column_int64(statement, 0), title: text(statement, 1), pages: Int(sqlite3_column_int64(statement, 2)),
            deletedAt: sqlite3_column_type(statement, 3) == SQLITE_NULL ? nil : sqlite3_column_double(statement, 3),
            shelfID: sqlite3_column_int64(statement, 4))
    }

    @inline(never)  // the same out-of-line call for every contender
    static func foldVolume(_ sum: Int, _ volume: Volume) -> Int {
        Fixture.foldVolume(
            sum, id: volume.id, title: volume.title, pages: volume.pages, shelfID: volume.shelfID, deleted: volume.deletedAt != nil)
    }

    /// A fetched `matching` row.
    struct Match {
        var id: Int64
        var title: String
        var snippet: String
    }

    /// The FTS5 query of the words of `text`: each word an FTS5 string, all required (as ORMKit writes it).
    static func ftsQuery(_ text: String) -> String {
        text.split(separator: " ").map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ")
    }

    // MARK: - Seeding (used by the harness to build templates)

    /// Inserts articles 1…count with explicit ids; the generated schema's triggers fill the FTS5 index.
    func seedArticles(count: Int) throws {
        let insert = try statement("INSERT INTO articles (id, title, body) VALUES (?1, ?2, ?3)")
        try connection.execute("BEGIN IMMEDIATE")
        for id in 1...count {
            sqlite3_bind_int64(insert, 1, Int64(id))
            bind(Fixture.articleTitle(id), insert, 2)
            bind(Fixture.articleBody(id), insert, 3)
            try run(insert)
        }
        try connection.execute("COMMIT")
    }

    /// Inserts `shelves` shelves with `volumesPerShelf` volumes each into both twins (`shelves`/`volumes` and
    /// `soft_shelves`/`soft_volumes`): the same rows, none deleted.
    func seedShelves(shelves: Int, volumesPerShelf: Int) throws {
        try connection.execute("BEGIN IMMEDIATE")
        for prefix in ["", "soft_"] {
            let insertShelf = try statement("INSERT INTO \(prefix)shelves (id, name) VALUES (?1, ?2)")
            let insertVolume = try statement("INSERT INTO \(prefix)volumes (id, title, pages, shelf_id) VALUES (?1, ?2, ?3, ?4)")
            for shelf in 1...shelves {
                sqlite3_bind_int64(insertShelf, 1, Int64(shelf))
                bind(Fixture.shelfName(shelf), insertShelf, 2)
                try run(insertShelf)
                for index in 0..<volumesPerShelf {
                    let volume = (shelf - 1) * volumesPerShelf + index + 1
                    sqlite3_bind_int64(insertVolume, 1, Int64(volume))
                    bind(Fixture.volumeTitle(volume), insertVolume, 2)
                    sqlite3_bind_int64(insertVolume, 3, Int64(Fixture.volumePages(volume)))
                    sqlite3_bind_int64(insertVolume, 4, Int64(shelf))
                    try run(insertVolume)
                }
            }
        }
        try connection.execute("COMMIT")
    }

    /// Inserts items 1…count with explicit ids.
    func seedItems(count: Int) throws {
        let insert = try statement(Self.insertSQL)
        try connection.execute("BEGIN IMMEDIATE")
        for id in 1...count {
            try write(Self.item(id, id: Int64(id)), with: insert)
        }
        try connection.execute("COMMIT")
    }

    /// Inserts `authors` authors with `booksPerAuthor` books each.
    func seedLibrary(authors: Int, booksPerAuthor: Int) throws {
        let insertAuthor = try statement("INSERT INTO authors (id, name) VALUES (?1, ?2)")
        let insertBook = try statement("INSERT INTO books (id, title, pages, author_id) VALUES (?1, ?2, ?3, ?4)")
        try connection.execute("BEGIN IMMEDIATE")
        for author in 1...authors {
            sqlite3_bind_int64(insertAuthor, 1, Int64(author))
            bind(Fixture.authorName(author), insertAuthor, 2)
            try run(insertAuthor)
            for index in 0..<booksPerAuthor {
                let book = (author - 1) * booksPerAuthor + index + 1
                sqlite3_bind_int64(insertBook, 1, Int64(book))
                bind(Fixture.bookTitle(book), insertBook, 2)
                sqlite3_bind_int64(insertBook, 3, Int64(Fixture.bookPages(book)))
                sqlite3_bind_int64(insertBook, 4, Int64(author))
                try run(insertBook)
            }
        }
        try connection.execute("COMMIT")
    }

    /// Inserts documents 1…count with explicit ids, each `meta` encoded as ORMKit stores JSON (`JSONEncoder`,
    /// sorted keys), so every contender reads the same text.
    func seedDocuments(count: Int) throws {
        let insert = try statement("INSERT INTO documents (id, title, meta) VALUES (?1, ?2, ?3)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try connection.execute("BEGIN IMMEDIATE")
        for id in 1...count {
            sqlite3_bind_int64(insert, 1, Int64(id))
            bind(Fixture.documentTitle(id), insert, 2)
            bind(String(decoding: try encoder.encode(Self.meta(id)), as: UTF8.self), insert, 3)
            try run(insert)
        }
        try connection.execute("COMMIT")
    }

    // MARK: - The hand-written row codec

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

    static func item(_ id: Int, id key: Int64?, visits: Int? = nil) -> Item {
        Item(
            id: key, name: Fixture.name(id), email: Fixture.email(id), age: Fixture.age(id),
            score: Fixture.score(id), active: Fixture.active(id), created: Fixture.created(id),
            note: Fixture.note(id), avatar: Fixture.avatar(id), visits: visits ?? Fixture.visits(id)
        )
    }

    @inline(never)  // the same out-of-line call for every contender
    static func fold(_ sum: Int, _ item: Item) -> Int {
        Fixture.fold(
            sum, id: item.id, name: item.name, email: item.email, age: item.age, score: item.score,
            active: item.active, created: item.created, note: item.note, avatar: item.avatar, visits: item.visits
        )
    }

    /// Runs `body` in one transaction, as every contender does: `BEGIN IMMEDIATE` for writes, `BEGIN` for reads.
    private func transaction(writes: Bool = false, _ body: () throws -> Outcome) throws -> Outcome {
        try connection.execute(writes ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let outcome = try body()
            try connection.execute("COMMIT")
            return outcome
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    @inline(__always)
    private func step(_ statement: OpaquePointer) throws -> Bool {
        let code = sqlite3_step(statement)
        if code == SQLITE_ROW { return true }
        sqlite3_reset(statement)
        try connection.check(code)
        return false
    }

    @inline(__always)
    private func run(_ statement: OpaquePointer) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        try connection.check(code)
    }

    @inline(__always)
    private func forEachItem(_ statement: OpaquePointer, _ body: (Item) -> Void) throws {
        while try step(statement) {
            body(Item(
                id: sqlite3_column_int64(statement, 0),
                name: text(statement, 1),
                email: text(statement, 2),
                age: Int(sqlite3_column_int64(statement, 3)),
                score: sqlite3_column_double(statement, 4),
                active: sqlite3_column_int64(statement, 5) != 0,
                created: Date(timeIntervalSince1970: sqlite3_column_double(statement, 6)),
                note: sqlite3_column_type(statement, 7) == SQLITE_NULL ? nil : text(statement, 7),
                avatar: sqlite3_column_type(statement, 8) == SQLITE_NULL ? nil : blob(statement, 8),
                visits: Int(sqlite3_column_int64(statement, 9))
            ))
        }
    }

    @inline(__always)
    private func write(_ item: Item, with statement: OpaquePointer) throws {
        if let id = item.id { sqlite3_bind_int64(statement, 1, id) } else { sqlite3_bind_null(statement, 1) }
        bind(item.name, statement, 2)
        bind(item.email, statement, 3)
        sqlite3_bind_int64(statement, 4, Int64(item.age))
        sqlite3_bind_double(statement, 5, item.score)
        sqlite3_bind_int64(statement, 6, item.active ? 1 : 0)
        sqlite3_bind_double(statement, 7, item.created.timeIntervalSince1970)
        if let note = item.note { bind(note, statement, 8) } else { sqlite3_bind_null(statement, 8) }
        if let avatar = item.avatar {
            avatar.withUnsafeBytes { bytes in
                _ = sqlite3_bind_blob(statement, 9, bytes.baseAddress, Int32(bytes.count), bench_sqlite_transient())
            }
        } else {
            sqlite3_bind_null(statement, 9)
        }
        sqlite3_bind_int64(statement, 10, Int64(item.visits))
        try run(statement)
    }

    @inline(__always)
    private func bind(_ string: String, _ statement: OpaquePointer, _ index: Int32) {
        var string = string
        string.withUTF8 { bytes in
            if let base = bytes.baseAddress {
                let text = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                _ = sqlite3_bind_text(statement, index, text, Int32(bytes.count), bench_sqlite_transient())
            } else {
                _ = sqlite3_bind_text(statement, index, "", 0, nil)
            }
        }
    }

    @inline(__always)
    private func text(_ statement: OpaquePointer, _ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// A TEXT column's bytes, for `JSONDecoder`.
    @inline(__always)
    private func textData(_ statement: OpaquePointer, _ index: Int32) -> Data {
        guard let pointer = sqlite3_column_text(statement, index) else { return Data() }
        return Data(bytes: pointer, count: Int(sqlite3_column_bytes(statement, index)))
    }

    @inline(__always)
    private func blob(_ statement: OpaquePointer, _ index: Int32) -> Data {
        guard let pointer = sqlite3_column_blob(statement, index) else { return Data() }
        return Data(bytes: pointer, count: Int(sqlite3_column_bytes(statement, index)))
    }
}
