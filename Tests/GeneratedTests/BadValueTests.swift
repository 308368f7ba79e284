import ExampleModels
import Foundation
import ORMKit
import Testing

/// Values at the runtime boundary that SQLite would store or read differently from what the app holds: each is a
/// thrown `DatabaseError` naming the table and column, never a crash or a silent change.
@Suite("Bad values at the runtime boundary")
struct BadValueTests {
    private func insertBook(_ db: Database, pages: Int32? = 300, copies: Int = 1) async throws -> Book {
        var author = Author(name: "Ursula", email: "u-\(UUID().uuidString)@example.org")
        try await author.insert(db)
        let book = Book(
            isbn: "9780553383041", title: "A Wizard", pages: pages, tags: [], uid: UUID(),
            shelf: Shelf(row: 1, column: 1), color: Color(red: 0, green: 0, blue: 0), copies: copies,
            authorID: try #require(author.id))
        try await book.insert(db)
        return book
    }

    private func hexTitle(_ db: Database, isbn: String) async throws -> String? {
        try await String.fetchOne(db, sql: "SELECT hex(title) FROM books WHERE isbn = ?", arguments: [isbn])
    }

    @Test func invalidUTF8IsNeverReadAsAStringNorRewrittenByAnUpdateOfAnotherField() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let book = try await insertBook(db)
        // Another program stored bytes that are not UTF-8 (0xFF never appears in UTF-8).
        try await db.execute(sql: "UPDATE books SET title = CAST(X'41FF42' AS TEXT) WHERE isbn = ?", arguments: [book.isbn])

        let error = try await #require(throws: DatabaseError.self) { try await Book.find(db, book.isbn) }
        #expect(error.kind == .decoding)
        #expect(error.table == "books" && error.column == "title")
        #expect(error.message.contains("not valid UTF-8 (bad byte at offset 1)"))
        await #expect(throws: DatabaseError.self) { try await DatabaseValue.fetchOne(db, sql: "SELECT title FROM books") }
        // A truncated 4-byte sequence: its replacement (U+FFFD) has as many bytes as it, and is still caught.
        try await db.execute(sql: "UPDATE books SET title = CAST(X'F09F9841' AS TEXT) WHERE isbn = ?", arguments: [book.isbn])
        let truncated = try await #require(throws: DatabaseError.self) { try await Book.find(db, book.isbn) }
        #expect(truncated.message.contains("not valid UTF-8 (bad byte at offset 0)"))
        try await db.execute(sql: "UPDATE books SET title = CAST(X'41FF42' AS TEXT) WHERE isbn = ?", arguments: [book.isbn])

        // Updating another field through the typed API leaves the bytes as they were.
        try await Book.filter(Book.Columns.isbn == book.isbn).updateAll(db, Book.Columns.copies.set(to: 7))
        #expect(try await hexTitle(db, isbn: book.isbn) == "41FF42")
        // The bytes stay reachable as Data, to show or repair.
        let bytes = try await Data.fetchOne(db, sql: "SELECT CAST(title AS BLOB) FROM books WHERE isbn = ?", arguments: [book.isbn])
        #expect(bytes == Data([0x41, 0xFF, 0x42]))
        // Valid multi-byte text still reads.
        try await db.execute(sql: "UPDATE books SET title = ? WHERE isbn = ?", arguments: ["Ωmega é 🧙", book.isbn])
        #expect(try await Book.find(db, book.isbn)?.title == "Ωmega é 🧙")
    }

    @Test func aBlobIsNotReadAsAString() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let book = try await insertBook(db)
        try await db.execute(sql: "UPDATE books SET title = X'4142' WHERE isbn = ?", arguments: [book.isbn])
        let error = try await #require(throws: DatabaseError.self) { try await Book.find(db, book.isbn) }
        #expect(error.table == "books" && error.column == "title")
        #expect(error.message.contains("found BLOB, which cannot be read as String"))
    }

    @Test func notANumberIsRefusedNamingTheColumnAndInfinitiesRoundTrip() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var author = Author(name: "NaN", email: "nan@example.org", rating: .nan)
        let notNull = try await #require(throws: DatabaseError.self) { try await author.insert(db) }
        #expect(notNull.kind == .encoding)
        #expect(notNull.table == "authors" && notNull.column == "rating")
        #expect(notNull.message.contains("NaN cannot be stored"))
        #expect(try await Author.count(db) == 0)

        // In an optional column SQLite would have stored NULL and read back nil.
        var order = Order(count: 1, index: 1, select: .nan)
        let optional = try await #require(throws: DatabaseError.self) { try await order.insert(db) }
        #expect(optional.table == "order" && optional.column == "select")
        #expect(try await Order.count(db) == 0)

        // Through the query builder too: an assignment and a filter.
        order.select = 1
        try await order.insert(db)
        await #expect(throws: DatabaseError.self) { try await Order.updateAll(db, Order.Columns.select.set(to: .nan)) }
        await #expect(throws: DatabaseError.self) { try await Order.filter(Order.Columns.select == .nan).fetchAll(db) }
        #expect(try await Order.find(db, try #require(order.id))?.select == 1)

        // Infinities are stored as REAL infinities and read back as they were.
        for value in [Double.infinity, -Double.infinity, .greatestFiniteMagnitude, -.leastNonzeroMagnitude] {
            var stored = Order(count: 2, index: 2, select: value)
            try await stored.insert(db)
            #expect(try await Order.find(db, try #require(stored.id))?.select == value)
        }
    }

    @Test func updateAllArithmeticThatOverflowsTheFieldTypeFailsAndChangesNothing() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let book = try await insertBook(db, pages: 30_000, copies: Int.max / 2)

        let overflow = try await #require(throws: DatabaseError.self) {
            try await Book.all().updateAll(db, Book.Columns.pages.set(to: Book.Columns.pages * 100_000))
        }
        #expect(overflow.table == "books")
        #expect(overflow.message.contains("books.pages: the new value 3000000000 is out of the column's range -2147483648...2147483647"))
        // 64-bit overflow: SQLite would have stored a REAL in the Int column.
        let wide = try await #require(throws: DatabaseError.self) {
            try await Book.all().updateAll(db, Book.Columns.copies.set(to: Book.Columns.copies * 4))
        }
        #expect(wide.message.contains("books.copies: the new value") && wide.message.contains("overflowed 64-bit integers"))
        // Both assignments in one statement: the failing one stops the whole update.
        await #expect(throws: DatabaseError.self) {
            try await Book.all().updateAll(db, Book.Columns.copies.set(to: 1), Book.Columns.pages.set(to: Book.Columns.pages * 100_000))
        }
        let stored = try #require(try await Book.find(db, book.isbn))
        #expect(stored.pages == 30_000 && stored.copies == Int.max / 2)

        // In range, and NULL, still update.
        try await Book.all().updateAll(db, Book.Columns.pages.set(to: Book.Columns.pages * 2))
        #expect(try await Book.find(db, book.isbn)?.pages == 60_000)
        try await Book.all().updateAll(db, Book.Columns.pages.set(to: nil))
        try await Book.all().updateAll(db, Book.Columns.pages.set(to: Book.Columns.pages + 1))
        #expect(try await Book.find(db, book.isbn)?.pages == nil)
    }

    @Test func aHundredMegabyteStringRoundTrips() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var book = try await insertBook(db)
        book.title = String(repeating: "0123456789abcdé", count: 100_000_000 / 16)
        try await book.update(db)
        let read = try #require(try await Book.find(db, book.isbn))
        #expect(read.title.utf8.count == book.title.utf8.count && read.title == book.title)
    }
}
