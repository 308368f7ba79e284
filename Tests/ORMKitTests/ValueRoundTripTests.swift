import Foundation
import ORMKit
import Testing

@Suite("Values")
struct ValueRoundTripTests {
    private func insertAuthor(_ db: Database) throws -> Int64 {
        var author = Author(name: "Ann")
        try author.insert(db)
        return try #require(author.id)
    }

    @Test func everyValueKindRoundTripsThroughARecord() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authorId = try insertAuthor(db)
        let uuid = UUID()
        var book = Book(
            authorId: authorId, title: "Tître 📚", isbn: "978-0", genre: .sciFi, priority: .high, pages: Int32.max,
            price: Decimal(string: "12345678901234567890.123456789", locale: Locale(identifier: "en_US_POSIX"))!,
            weight: 1.25, isAvailable: false, published: Date(timeIntervalSince1970: 1_700_000_000.5), uuid: uuid,
            cover: Data([0, 1, 2, 255]), website: URL(string: "https://example.com/a%20b?q=1#frag"),
            tags: ["b", "a"], metadata: Book.Metadata(edition: 2, translators: ["Zoë"]),
            shelf: Shelf(row: 3, column: -4), color: Color(red: 1, green: 2, blue: 3), accent: Color(red: 255, green: 0, blue: 128)
        )
        try book.insert(db)
        let bookId = try #require(book.id)
        let found = try #require(try Book.find(db, bookId))
        #expect(found == book)
    }

    @Test func optionalsStoreNULL() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authorId = try insertAuthor(db)
        var book = Book(authorId: authorId, title: "Plain", isbn: "1")
        try book.insert(db)
        let bookId = try #require(book.id)
        let found = try #require(try Book.find(db, bookId))
        #expect(found == book)
        #expect(found.priority == nil && found.cover == nil && found.website == nil && found.metadata == nil && found.accent == nil)
        let nulls = try Int.fetchOne(
            db,
            sql: "SELECT (priority IS NULL) + (cover IS NULL) + (website IS NULL) + (metadata IS NULL) + (accent IS NULL) FROM books"
        )
        #expect(nulls == 5)
    }

    @Test func storageMatchesTheArchitectureTable() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authorId = try insertAuthor(db)
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        var book = Book(
            authorId: authorId, title: "T", isbn: "1", genre: .sciFi, priority: .low, price: Decimal(string: "1.10")!,
            isAvailable: true, published: Date(timeIntervalSince1970: 86_400), uuid: uuid, website: URL(string: "https://x.org/p"),
            tags: ["z", "y"], metadata: Book.Metadata(edition: 1, translators: []), color: Color(red: 0, green: 1, blue: 0)
        )
        try book.insert(db)
        let row = try #require(try String.fetchOne(db, sql: """
            SELECT typeof(genre) || ' ' || genre || ' | ' || typeof(priority) || ' ' || priority
                || ' | ' || typeof(price) || ' ' || price || ' | ' || typeof(is_available) || ' ' || is_available
                || ' | ' || typeof(published) || ' ' || published || ' | ' || typeof(uuid) || ' ' || length(uuid)
                || ' | ' || typeof(website) || ' ' || website || ' | ' || typeof(tags) || ' ' || tags
                || ' | ' || metadata || ' | ' || typeof(color) || ' ' || color
            FROM books
            """))
        #expect(row == """
            text sci-fi | integer 1 | text 1.1 | integer 1 | real -978220800.0 | blob 16 | text https://x.org/p | text ["z","y"] \
            | {"edition":1,"translators":[]} | integer 256
            """)
        #expect(try Data.fetchOne(db, sql: "SELECT uuid FROM books") == withUnsafeBytes(of: uuid.uuid) { Data($0) })
        _ = book.id
    }

    @Test func scalarValuesRoundTripThroughRawSQL() throws {
        let db = try Database.inMemory()
        func roundTrip<V: ColumnValue & Equatable>(_ value: V) throws -> V? {
            try V.fetchOne(db, sql: "SELECT ?", arguments: [value])
        }
        #expect(try roundTrip(true) == true)
        #expect(try roundTrip(false) == false)
        #expect(try roundTrip(Int.min) == Int.min)
        #expect(try roundTrip(Int64.max) == Int64.max)
        #expect(try roundTrip(Int32.min) == Int32.min)
        #expect(try roundTrip(3.5 as Double) == 3.5)
        #expect(try roundTrip(Float(0.1)) == Float(0.1))
        #expect(try roundTrip("") == "")
        #expect(try roundTrip("a\u{0}b") == "a\u{0}b")
        #expect(try roundTrip(Data()) == Data())
        #expect(try roundTrip(Data([0, 0, 7])) == Data([0, 0, 7]))
        let date = Date(timeIntervalSince1970: -12_345.678)
        #expect(try roundTrip(date) == date)
        let uuid = UUID()
        #expect(try roundTrip(uuid) == uuid)
        let url = try #require(URL(string: "file:///tmp/a%20b"))
        #expect(try roundTrip(url) == url)
        let decimal = try #require(Decimal(string: "-0.000000000000000000000000001"))
        #expect(try roundTrip(decimal) == decimal)
        #expect(try roundTrip(Book.Genre.default) == .default)
        #expect(try roundTrip(Book.Priority.high) == .high)
        #expect(try roundTrip(Color(red: 9, green: 8, blue: 7)) == Color(red: 9, green: 8, blue: 7))
        #expect(try roundTrip(DatabaseValue.blob(Data([1]))) == .blob(Data([1])))
        #expect(try roundTrip(Int?.none) == .some(nil))
        #expect(try roundTrip(Int?.some(5)) == .some(5))
    }

    @Test func alternativeStorageForms() throws {
        let db = try Database.inMemory()
        #expect(try Date.fetchOne(db, sql: "SELECT 60") == Date(timeIntervalSinceReferenceDate: 60))
        #expect(try Double.fetchOne(db, sql: "SELECT 2") == 2)
        #expect(try UUID.fetchOne(db, sql: "SELECT 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'") == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try Decimal.fetchOne(db, sql: "SELECT 42") == Decimal(42))
        #expect(try Bool.fetchOne(db, sql: "SELECT 7") == true)
    }

    @Test func emptyJSONCollectionsAndJSONNullColumn() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authorId = try insertAuthor(db)
        var book = Book(authorId: authorId, title: "T", isbn: "1", tags: [])
        try book.insert(db)
        #expect(try String.fetchOne(db, sql: "SELECT tags FROM books") == "[]")
        #expect(try Book.fetchOne(db)?.tags == [])
        _ = book.id
    }
}
