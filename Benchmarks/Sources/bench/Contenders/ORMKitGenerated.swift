import BenchSupport
import Foundation
import ORMKit

/// (D) ORMKit with the code `ormgen` generated from `Benchmarks/schema` (`Generated/`): the product's
/// own public API, as an app would write it; (T) the same with an instrument.
final class ORMKitContender: Contender {
    let database: Database

    convenience init(path: String) throws {
        try self.init(path: path, instrument: nil)
    }

    init(path: String, instrument: (any DatabaseInstrument)?) throws {
        var options = Database.Options()
        options.instrument = instrument
        // ORMKit opens files in WAL mode with foreign keys on; the remaining shared PRAGMA:
        database = try Database(path: path, options: options)
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = NORMAL") }
        // Reads run on a reader connection: open it here, as the writer is, since a new connection also loads
        // the schema on first use (A prepares its statements, loading the schema, before timing too).
        _ = try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
    }

    func prepare(_ workload: Workload, sizes: Sizes) throws -> (() throws -> Outcome)? {
        let database = database
        switch workload {
        case .insert:
            var items = (1...sizes.rows).map { Self.item($0, id: nil) }
            return {
                try database.write { conn in
                    var sum = 0
                    for index in items.indices {
                        try items[index].insert(conn)
                        sum &+= Int(items[index].id ?? 0)
                    }
                    return Outcome(rows: items.count, checksum: sum)
                }
            }
        case .fetchAll:
            return {
                let items = try database.read { conn in try Item.fetchAll(conn) }
                return Outcome(rows: items.count, checksum: items.reduce(0, Self.fold))
            }
        case .lookup:
            let keys = (0..<sizes.lookups).map { Fixture.lookupKey($0, rows: sizes.rows) }
            return {
                try database.read { conn in
                    var sum = 0
                    for key in keys {
                        if let item = try Item.find(conn, key) { sum = Self.fold(sum, item) }
                    }
                    return Outcome(rows: keys.count, checksum: sum)
                }
            }
        case .query:
            return {
                try database.read { conn in
                    var rows = 0
                    var sum = 0
                    for k in 0..<sizes.queries {
                        let items = try Item.filter(Item.age > Fixture.minimumAge(k)).order(Item.score).limit(100).fetchAll(conn)
                        rows += items.count
                        sum = items.reduce(sum, Self.fold)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .update:
            let items = (1...sizes.rows).map { Self.item($0, id: Int64($0), visits: $0 * 3 + 1) }
            return {
                try database.write { conn in
                    for item in items {
                        try item.update(conn)
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .upsert:
            let items = Fixture.upsertIDs(rows: sizes.rows).map {
                Self.item($0, id: Int64($0), visits: Fixture.upsertVisits($0))
            }
            return {
                try database.write { conn in
                    for var item in items {
                        try item.upsert(conn)
                    }
                    return Outcome(rows: items.count, checksum: 0)
                }
            }
        case .cursor:
            return {
                try database.read { conn in
                    var rows = 0
                    var sum = 0
                    let cursor = try Item.cursor(conn)
                    while let item = try cursor.next() {
                        rows += 1
                        sum = Self.fold(sum, item)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .eager:
            return {
                let graph = try database.read { conn in try Author.including(Author.books).fetchAll(conn) }
                var rows = 0
                var sum = 0
                for author in graph {
                    rows += 1 + author.related.count
                    sum &+= Int(author.record.id ?? 0) &+ author.record.name.utf8.count
                    for book in author.related {
                        sum = Fixture.foldBook(sum, id: book.id ?? 0, title: book.title, pages: book.pages, authorID: book.authorID)
                    }
                }
                return Outcome(rows: rows, checksum: sum)
            }
        case .jsonPath, .jsonPathIndexed:
            let count = workload == .jsonPath ? sizes.pathScans : sizes.queries
            return {
                try database.read { conn in
                    var rows = 0
                    var sum = 0
                    for k in 0..<count {
                        let documents = try Document.filter(Document.meta.publisher.city == Fixture.pathCity(k)).fetchAll(conn)
                        rows += documents.count
                        sum = documents.reduce(sum, Self.foldDocument)
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .matching:
            let queries = (0..<sizes.searches).map(Fixture.matchQuery)
            return {
                try database.read { conn in
                    var rows = 0
                    var sum = 0
                    for query in queries {
                        let matches = try Article.matching(query)
                            .select(Article.id, Article.title, Article.body.snippet(words: Fixture.snippetWords))
                            .limit(Fixture.matchLimit)
                            .fetchAll(conn)
                        rows += matches.count
                        for (rank, match) in matches.enumerated() {
                            sum = Fixture.foldMatch(sum, rank: rank, id: match.0, title: match.1, snippet: match.2)
                        }
                    }
                    return Outcome(rows: rows, checksum: sum)
                }
            }
        case .fetchPlain:
            return {
                let volumes = try database.read { conn in try Volume.fetchAll(conn) }
                return Outcome(rows: volumes.count, checksum: volumes.reduce(0, Self.foldVolume))
            }
        case .fetchSoft:
            return {
                let volumes = try database.read { conn in try SoftVolume.fetchAll(conn) }
                return Outcome(rows: volumes.count, checksum: volumes.reduce(0, Self.foldVolume))
            }
        case .countPlain, .countSoft:
            let soft = workload == .countSoft
            return {
                try database.read { conn in
                    var sum = 0
                    for _ in 0..<sizes.counts {
                        sum &+= soft ? try SoftVolume.count(conn) : try Volume.count(conn)
                    }
                    return Outcome(rows: sizes.counts, checksum: sum)
                }
            }
        case .eagerPlain:
            return {
                let graph = try database.read { conn in try Shelf.including(Shelf.volumes).fetchAll(conn) }
                var rows = 0
                var sum = 0
                for shelf in graph {
                    rows += 1 + shelf.related.count
                    sum &+= Int(shelf.record.id ?? 0) &+ shelf.record.name.utf8.count
                    sum = shelf.related.reduce(sum, Self.foldVolume)
                }
                return Outcome(rows: rows, checksum: sum)
            }
        case .eagerSoft:
            return {
                let graph = try database.read { conn in try SoftShelf.including(SoftShelf.volumes).fetchAll(conn) }
                var rows = 0
                var sum = 0
                for shelf in graph {
                    rows += 1 + shelf.related.count
                    sum &+= Int(shelf.record.id ?? 0) &+ shelf.record.name.utf8.count
                    sum = shelf.related.reduce(sum, Self.foldVolume)
                }
                return Outcome(rows: rows, checksum: sum)
            }
        }
    }

    @inline(never)  // the same out-of-line call for both twins
    static func foldVolume(_ sum: Int, _ volume: Volume) -> Int {
        Fixture.foldVolume(
            sum, id: volume.id ?? 0, title: volume.title, pages: volume.pages, shelfID: volume.shelfID, deleted: volume.deletedAt != nil)
    }

    @inline(never)  // the same out-of-line call for both twins
    static func foldVolume(_ sum: Int, _ volume: SoftVolume) -> Int {
        Fixture.foldVolume(
            sum, id: volume.id ?? 0, title: volume.title, pages: volume.pages, shelfID: volume.shelfID, deleted: volume.deletedAt != nil)
    }

    @inline(never)  // the same out-of-line call for every contender
    static func foldDocument(_ sum: Int, _ document: Document) -> Int {
        Fixture.foldDocument(
            sum, id: document.id ?? 0, title: document.title, publisherName: document.meta.publisher.name,
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
}
