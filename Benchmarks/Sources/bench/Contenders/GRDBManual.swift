import Foundation
import GRDB

/// (C) GRDB with hand-written records: `init(row:)` reads by index, `encode(to:)` fills the container
/// by hand. GRDB's fastest record path, and the closest to what ormgen generates.
final class GRDBManualContender: Contender {
    struct Item: FetchableRecord, MutablePersistableRecord {
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

        init(row: Row) throws {
            id = try row.decode(atIndex: 0)
            name = try row.decode(atIndex: 1)
            email = try row.decode(atIndex: 2)
            age = try row.decode(atIndex: 3)
            score = try row.decode(atIndex: 4)
            active = try row.decode(atIndex: 5)
            created = Date(timeIntervalSince1970: try row.decode(atIndex: 6))
            note = try row.decode(atIndex: 7)
            avatar = try row.decode(atIndex: 8)
            visits = try row.decode(atIndex: 9)
        }

        func encode(to container: inout PersistenceContainer) throws {
            container["id"] = id
            container["name"] = name
            container["email"] = email
            container["age"] = age
            container["score"] = score
            container["active"] = active
            container["created"] = created.timeIntervalSince1970
            container["note"] = note
            container["avatar"] = avatar
            container["visits"] = visits
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    struct Author: FetchableRecord, TableRecord {
        static let databaseTableName = "authors"
        static let books = hasMany(Book.self)
        var id: Int64
        var name: String

        init(row: Row) throws {
            id = try row.decode(atIndex: 0)
            name = try row.decode(atIndex: 1)
        }
    }

    struct Book: FetchableRecord, TableRecord {
        static let databaseTableName = "books"
        var id: Int64
        var title: String
        var pages: Int
        var authorID: Int64

        init(row: Row) throws {
            id = try row.decode(atIndex: 0)
            title = try row.decode(atIndex: 1)
            pages = try row.decode(atIndex: 2)
            authorID = try row.decode(atIndex: 3)
        }
    }

    struct AuthorInfo: FetchableRecord {
        var author: Author
        var books: [Book]

        init(row: Row) throws {
            author = try Author(row: row)
            books = try (row.prefetchedRows["books"] ?? []).map { try Book(row: $0) }
        }
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
