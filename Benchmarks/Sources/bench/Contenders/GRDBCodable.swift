import Foundation
import GRDB

/// (B) GRDB with Codable records and its query interface: the idiomatic GRDB code most apps write.
final class GRDBCodableContender: Contender {
    struct Item: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "items"
        static let age = Column("age")
        static let score = Column("score")

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

        // The schema stores dates as REAL seconds since 1970 (GRDB's default is text).
        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
            .timeIntervalSince1970
        }

        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .timeIntervalSince1970
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    struct Author: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "authors"
        static let books = hasMany(Book.self)
        var id: Int64
        var name: String
    }

    struct Book: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "books"
        var id: Int64
        var title: String
        var pages: Int
        var authorID: Int64

        enum CodingKeys: String, CodingKey {
            case id, title, pages
            case authorID = "author_id"
        }
    }

    struct AuthorInfo: Decodable, FetchableRecord {
        var author: Author
        var books: [Book]
    }

    let queue: DatabaseQueue

    init(path: String) throws {
        queue = try DatabaseQueue(path: path, configuration: GRDBSetup.configuration())
    }

    func prepare(_ workload: Workload, sizes: Sizes) throws -> (() throws -> Outcome)? {
        let queue = queue
        switch workload {
        case .insert:
            var items = (1...sizes.rows).map { Self.item($0, id: nil) }
            return {
                try queue.write { db in
                    var sum = 0
                    for index in items.indices {
                        try items[index].insert(db)
                        sum &+= Int(items[index].id ?? 0)
                    }
                    return Outcome(rows: items.count, checksum: sum)
                }
            }
        case .fetchAll:
            return {
                let items = try queue.read { db in try Item.fetchAll(db) }
                return Outcome(rows: items.count, checksum: items.reduce(0, Self.fold))
            }
        case .lookup:
            let keys = (0..<sizes.lookups).map { Fixture.lookupKey($0, rows: sizes.rows) }
            return {
                try queue.read { db in
                    var sum = 0
                    for key in keys {
                        if let item = try Item.fetchOne(db, key: key) { sum = Self.fold(sum, item) }
                    }
                    return Outcome(rows: keys.count, checksum: sum)
                }
            }
        case .query:
            return {
                try queue.read { db in
                    var rows = 0
                    var sum = 0
                    for k in 0..<sizes.queries {
                        let items = try Item.filter(Item.age > Fixture.minimumAge(k)).order(Item.score).limit(100).fetchAll(db)
                        rows += items.count
                        sum = items.reduce(sum, Self.fold)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .update:
            let items = (1...sizes.rows).map { Self.item($0, id: Int64($0), visits: $0 * 3 + 1) }
            return {
                try queue.write { db in
                    for item in items {
                        try item.update(db)
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .upsert:
            let items = Fixture.upsertIDs(rows: sizes.rows).map {
                Self.item($0, id: Int64($0), visits: Fixture.upsertVisits($0))
            }
            return {
                try queue.write { db in
                    for var item in items {
                        try item.upsert(db)
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .cursor:
            return {
                try queue.read { db in
                    var rows = 0
                    var sum = 0
                    let cursor = try Item.fetchCursor(db)
                    while let item = try cursor.next() {
                        rows += 1
                        sum = Self.fold(sum, item)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .eager:
            return {
                let graph = try queue.read { db in
                    try Author.including(all: Author.books).asRequest(of: AuthorInfo.self).fetchAll(db)
                }
                var rows = 0
                var sum = 0
                for info in graph {
                    rows += 1 + info.books.count
                    sum &+= Int(info.author.id) &+ info.author.name.utf8.count
                    for book in info.books {
                        sum = Fixture.foldBook(sum, id: book.id, title: book.title, pages: book.pages, authorID: book.authorID)
                    }
                }
                return Outcome(rows: rows, checksum: sum)
            }
        }
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
}

/// The GRDB configuration both GRDB contenders use: the shared PRAGMAs on every connection.
enum GRDBSetup {
    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            for pragma in Fixture.pragmas {
                try db.execute(sql: pragma)
            }
        }
        return configuration
    }
}
