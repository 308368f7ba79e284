import Foundation
import GRDB

/// (B) GRDB with Codable records and its query interface: the idiomatic GRDB code most apps write.
final class GRDBCodableContender: GRDBContender {
    struct Item: Codable, FetchableRecord, MutablePersistableRecord, GRDBBenchItem {
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

    struct Author: Codable, FetchableRecord, PersistableRecord, GRDBBenchAuthor {
        static let databaseTableName = "authors"
        static let books = hasMany(Book.self)
        var id: Int64
        var name: String
    }

    struct Book: Codable, FetchableRecord, PersistableRecord, GRDBBenchBook {
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

    struct AuthorInfo: Decodable, FetchableRecord, GRDBBenchAuthorInfo {
        var author: Author
        var books: [Book]
    }

    let queue: DatabaseQueue

    init(path: String) throws {
        queue = try DatabaseQueue(path: path, configuration: GRDBSetup.configuration())
    }
}
