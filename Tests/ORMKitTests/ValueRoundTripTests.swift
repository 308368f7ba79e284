import Foundation
import ORMKit
import Testing

@Suite("Values")
struct ValueRoundTripTests {
    private func insertAuthor(_ db: Database) async throws -> Int64 {
        var author = Author(name: "Ann")
        try await author.insert(db)
        return try #require(author.id)
    }

    @Test func everyValueKindRoundTripsThroughARecord() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authorId = try await insertAuthor(db)
        let uuid = UUID()
        var book = Book(
            authorId: authorId, title: "Tître 📚", isbn: "978-0", genre: .sciFi, priority: .high, pages: Int32.max,
            price: Decimal(string: "12345678901234567890.123456789", locale: Locale(identifier: "en_US_POSIX"))!,
            weight: 1.25, isAvailable: false, published: Date(timeIntervalSince1970: 1_700_000_000.5), uuid: uuid,
            cover: Data([0, 1, 2, 255]), website: URL(string: "https://example.com/a%20b?q=1#frag"),
            tags: ["b", "a"], metadata: Book.Metadata(edition: 2, translators: ["Zoë"]),
            shelf: Shelf(row: 3, column: -4), color: Color(red: 1, green: 2, blue: 3), accent: Color(red: 255, green: 0, blue: 128)
        )
        try await book.insert(db)
        let bookId = try #require(book.id)
        let found = try #require(try await Book.find(db, bookId))
        #expect(found == book)
    }

    @Test func optionalsStoreNULL() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authorId = try await insertAuthor(db)
        var book = Book(authorId: authorId, title: "Plain", isbn: "1")
        try await book.insert(db)
        let bookId = try #require(book.id)
        let found = try #require(try await Book.find(db, bookId))
        #expect(found == book)
        #expect(found.priority == nil && found.cover == nil && found.website == nil && found.metadata == nil && found.accent == nil)
        let nulls = try await Int.fetchOne(
            db,
            sql: "SELECT (priority IS NULL) + (cover IS NULL) + (website IS NULL) + (metadata IS NULL) + (accent IS NULL) FROM books"
        )
        #expect(nulls == 5)
    }

    @Test func storageMatchesTheArchitectureTable() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authorId = try await insertAuthor(db)
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        var book = Book(
            authorId: authorId, title: "T", isbn: "1", genre: .sciFi, priority: .low, price: Decimal(string: "1.10")!,
            isAvailable: true, published: Date(timeIntervalSince1970: 86_400), uuid: uuid, website: URL(string: "https://x.org/p"),
            tags: ["z", "y"], metadata: Book.Metadata(edition: 1, translators: []), color: Color(red: 0, green: 1, blue: 0)
        )
        try await book.insert(db)
        let row = try await #require(try String.fetchOne(db, sql: """
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
        #expect(try await Data.fetchOne(db, sql: "SELECT uuid FROM books") == withUnsafeBytes(of: uuid.uuid) { Data($0) })
        _ = book.id
    }

    @Test func scalarValuesRoundTripThroughRawSQL() async throws {
        let db = try Database.inMemory()
        func roundTrip<V: ColumnValue & Equatable>(_ value: V) async throws -> V? {
            try await V.fetchOne(db, sql: "SELECT ?", arguments: [value])
        }
        #expect(try await roundTrip(true) == true)
        #expect(try await roundTrip(false) == false)
        #expect(try await roundTrip(Int.min) == Int.min)
        #expect(try await roundTrip(Int64.max) == Int64.max)
        #expect(try await roundTrip(Int32.min) == Int32.min)
        #expect(try await roundTrip(3.5 as Double) == 3.5)
        #expect(try await roundTrip(Float(0.1)) == Float(0.1))
        #expect(try await roundTrip("") == "")
        #expect(try await roundTrip("a\u{0}b") == "a\u{0}b")
        #expect(try await roundTrip(Data()) == Data())
        #expect(try await roundTrip(Data([0, 0, 7])) == Data([0, 0, 7]))
        let date = Date(timeIntervalSince1970: -12_345.678)
        #expect(try await roundTrip(date) == date)
        let uuid = UUID()
        #expect(try await roundTrip(uuid) == uuid)
        let url = try #require(URL(string: "file:///tmp/a%20b"))
        #expect(try await roundTrip(url) == url)
        let decimal = try #require(Decimal(string: "-0.000000000000000000000000001"))
        #expect(try await roundTrip(decimal) == decimal)
        #expect(try await roundTrip(Book.Genre.default) == .default)
        #expect(try await roundTrip(Book.Priority.high) == .high)
        #expect(try await roundTrip(Color(red: 9, green: 8, blue: 7)) == Color(red: 9, green: 8, blue: 7))
        #expect(try await roundTrip(DatabaseValue.blob(Data([1]))) == .blob(Data([1])))
        #expect(try await roundTrip(Int?.none) == .some(nil))
        #expect(try await roundTrip(Int?.some(5)) == .some(5))
    }

    @Test func alternativeStorageForms() async throws {
        let db = try Database.inMemory()
        #expect(try await Date.fetchOne(db, sql: "SELECT 60") == Date(timeIntervalSinceReferenceDate: 60))
        #expect(try await Double.fetchOne(db, sql: "SELECT 2") == 2)
        #expect(try await UUID.fetchOne(db, sql: "SELECT 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'") == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try await Decimal.fetchOne(db, sql: "SELECT 42") == Decimal(42))
        #expect(try await Bool.fetchOne(db, sql: "SELECT 7") == true)
    }

    @Test func emptyJSONCollectionsAndJSONNullColumn() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authorId = try await insertAuthor(db)
        var book = Book(authorId: authorId, title: "T", isbn: "1", tags: [])
        try await book.insert(db)
        #expect(try await String.fetchOne(db, sql: "SELECT tags FROM books") == "[]")
        #expect(try await Book.fetchOne(db)?.tags == [])
        _ = book.id
    }
}
