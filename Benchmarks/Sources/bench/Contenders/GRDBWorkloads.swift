import BenchSupport
import Foundation
import GRDB

// The workloads both GRDB contenders run, written once: (B) and (C) differ only in how their record types
// decode and encode rows, which is what they are here to compare.

/// The 10-column benchmark record, as each GRDB contender declares it.
protocol GRDBBenchItem: FetchableRecord, MutablePersistableRecord {
    static var age: Column { get }
    static var score: Column { get }
    var id: Int64? { get }
    var name: String { get }
    var email: String { get }
    var age: Int { get }
    var score: Double { get }
    var active: Bool { get }
    var created: Date { get }
    var note: String? { get }
    var avatar: Data? { get }
    var visits: Int { get }
    init(
        id: Int64?, name: String, email: String, age: Int, score: Double, active: Bool, created: Date,
        note: String?, avatar: Data?, visits: Int
    )
}

/// The eager-load parent, with its association to its books.
protocol GRDBBenchAuthor: TableRecord {
    associatedtype BookRecord: GRDBBenchBook
    static var books: HasManyAssociation<Self, BookRecord> { get }
    var id: Int64 { get }
    var name: String { get }
}

/// The eager-load child.
protocol GRDBBenchBook: TableRecord {
    var id: Int64 { get }
    var title: String { get }
    var pages: Int { get }
    var authorID: Int64 { get }
}

/// An author with its prefetched books.
protocol GRDBBenchAuthorInfo: FetchableRecord {
    associatedtype Author: GRDBBenchAuthor
    var author: Author { get }
    var books: [Author.BookRecord] { get }
}

/// A GRDB contender: its record types and its queue; the workloads come from the extension below.
protocol GRDBContender: Contender {
    associatedtype Item: GRDBBenchItem
    associatedtype AuthorInfo: GRDBBenchAuthorInfo
    typealias Author = AuthorInfo.Author
    var queue: DatabaseQueue { get }
}

extension GRDBContender {
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
        case .jsonPath, .jsonPathIndexed, .matching, .fetchPlain, .fetchSoft, .countPlain, .countSoft, .eagerPlain, .eagerSoft:
            // Not measured: GRDB's query interface has JSON functions, but these contenders compare record
            // decoding on the items tables, the JSON and full-text workloads compare ORMKit's typed paths and
            // `matching` with hand-written SQL, and the soft-delete workloads compare ORMKit with itself.
            return nil
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
