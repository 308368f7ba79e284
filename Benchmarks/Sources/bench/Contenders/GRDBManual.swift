import Foundation
import GRDB

/// (C) GRDB with hand-written records: `init(row:)` reads by index, `encode(to:)` fills the container
/// by hand. GRDB's fastest record path, and the closest to what ormgen generates.
final class GRDBManualContender: GRDBContender {
    struct Item: FetchableRecord, MutablePersistableRecord, GRDBBenchItem {
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

    struct Author: FetchableRecord, TableRecord, GRDBBenchAuthor {
        static let databaseTableName = "authors"
        static let books = hasMany(Book.self)
        var id: Int64
        var name: String

        init(row: Row) throws {
            id = try row.decode(atIndex: 0)
            name = try row.decode(atIndex: 1)
        }
    }

    struct Book: FetchableRecord, TableRecord, GRDBBenchBook {
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

    struct AuthorInfo: FetchableRecord, GRDBBenchAuthorInfo {
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
}
