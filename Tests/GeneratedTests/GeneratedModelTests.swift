import ExampleModels
import Foundation
@_spi(Testing) import ORMKit
import Testing

/// End to end through the checked-in `Generated/` models: real generated code, real SQLite files.
@Suite("Generated models")
struct GeneratedModelTests {
    private func author(_ db: Database, name: String = "Ursula", email: String = "u@example.org") async throws -> Author {
        var author = Author(name: name, email: email, born: Date(timeIntervalSince1970: -1_268_524_800), rating: 4.9,
                            nickname: "UKL", badge: "not stored", website: URL(string: "https://example.org/u"))
        try await author.insert(db)
        return author
    }

    private func book(isbn: String, authorID: Int64) -> Book {
        Book(
            isbn: isbn, title: "A Wizard of Earthsea", genre: .science, format: .hardcover, pages: 183,
            price: Decimal(string: "8.99"), weight: 0.25, tags: ["fantasy", "classic"], cover: Data([1, 2, 3]),
            link: URL(string: "https://example.org/b?x=1"), uid: UUID(), shelf: Shelf(row: 3, column: 7, room: "annex"),
            color: Color(red: 0x33, green: 0x66, blue: 0x99), addedAt: Date(timeIntervalSince1970: 1_700_000_000),
            copies: 2, authorID: authorID
        )
    }

    @Test func everyModelInsertsAndFetchesBack() async throws {
        let example = try ExampleDatabase()
        let db = example.db

        let ursula = try await author(db)
        let authorID = try #require(ursula.id)
        var expectedAuthor = ursula
        expectedAuthor.badge = nil  // transient
        #expect(try await Author.find(db, authorID) == expectedAuthor)

        let profile = AuthorProfile(biography: "Bio", photo: Data([9]), links: ["home": "https://x", "b": "y"],
                                    updatedAt: Date(timeIntervalSince1970: 5), authorID: authorID)
        try await profile.insert(db)
        #expect(try await AuthorProfile.find(db, authorID) == profile)

        var series = Series(title: "Earthsea")
        try await series.insert(db)
        let seriesID = try #require(series.id)

        var book = book(isbn: "9780553383041", authorID: authorID)
        book.seriesID = seriesID
        book.translatorID = authorID
        try await book.insert(db)
        #expect(try await Book.find(db, book.isbn) == book)

        var reader = Reader(cardNumber: 1001, name: "Ged", email: "ged@example.org", token: UUID(),
                            favoriteColor: Color(red: 1, green: 2, blue: 3), level: .premium, preferences: ["theme": "dark"])
        try await reader.insert(db)
        let readerID = try #require(reader.id)
        #expect(try await Reader.find(db, readerID) == reader)
        var plainReader = Reader(cardNumber: 1002, name: "Tenar")
        try await plainReader.insert(db)
        let plainID = try #require(plainReader.id)
        #expect(try await Reader.find(db, plainID) == plainReader)

        var list = ReadingList(title: "To read", isPublic: true, ownerID: readerID)
        try await list.insert(db)
        #expect(try await ReadingList.find(db, try #require(list.id)) == list)

        let loan = Loan(loanedAt: Date(timeIntervalSince1970: 100), dueAt: Date(timeIntervalSince1970: 200),
                        fee: Decimal(string: "0.75")!, renewals: 1, bookISBN: book.isbn, readerID: readerID)
        try await loan.insert(db)
        let loanKey = Loan.PrimaryKey(bookISBN: book.isbn, readerID: readerID, loanedAt: loan.loanedAt)
        var expectedLoan = loan
        expectedLoan.note = nil
        #expect(try await Loan.find(db, loanKey) == expectedLoan)

        var order = Order(default: true, count: 3, filter: "f", group: "g", self_: "s", class: .express, index: 7,
                          limit: 10, all: false, select: 1.5, where: "w", readerID: readerID)
        try await order.insert(db)
        #expect(try await Order.find(db, try #require(order.id)) == order)

        #expect(try await Author.count(db) == 1)
        #expect(try await Reader.count(db) == 2)
    }

    @Test func generatedColumnsDriveTheQueryBuilder() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let authorID = try await #require(try author(db).id)
        var books = (0..<6).map { index in
            var book = book(isbn: "97800000000\(String(format: "%02d", index))", authorID: authorID)
            book.genre = index.isMultiple(of: 2) ? .fiction : .poetry
            book.format = index < 3 ? .ebook : .paperback
            book.shelf.room = index < 4 ? "main" : "annex"
            book.pages = index == 5 ? nil : Int32(100 + index)
            book.copies = index
            return book
        }
        books = try await Book.insert(db, contentsOf: books)
        #expect(try await Book.filter(Book.genre == .poetry).count(db) == 3)
        #expect(try await Book.filter(Book.format == .ebook && Book.shelfRoom == "main").order(Book.isbn.desc).fetchAll(db).map(\.isbn)
            == ["9780000000002", "9780000000001", "9780000000000"])
        #expect(try await Book.filter(Book.pages == nil).fetchOne(db)?.isbn == "9780000000005")
        #expect(try await Book.filter(Book.pages > 102).count(db) == 2)
        #expect(try await Book.filter(Book.color == Color(red: 0x33, green: 0x66, blue: 0x99)).count(db) == 6)
        #expect(try await Book.all().sum(db, Book.copies) == 15)
        #expect(try await Book.all().max(db, Book.pages) == 104)
        let perGenre = try await Book.select(Book.genre, countAll()).group(by: Book.genre).order(Book.genre).fetchAll(db)
        #expect(perGenre.map(\.0) == [.fiction, .poetry])
        #expect(perGenre.map(\.1) == [3, 3])
        #expect(try await Book.filter(Book.genre == .fiction).updateAll(db, Book.copies.set(to: Book.copies + 10)) == 3)
        #expect(try await Book.find(db, "9780000000000")?.copies == 10)
        let page = try await Book.order(Book.isbn).page(2, size: 4, in: db)
        #expect(page.items.count == 2 && page.totalCount == 6 && page.pageCount == 2)
        let count = try await db.read { conn in
            var count = 0
            let cursor = try Book.filter(Book.tags.isNotNull).cursor(conn)
            while try cursor.next() != nil { count += 1 }
            return count
        }
        #expect(count == 6)
    }

    @Test func keywordNamedModelWorksEverywhere() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let orders = try await Order.insert(db, contentsOf: (1...5).map {
            Order(default: $0.isMultiple(of: 2), count: $0, group: "g\($0 % 2)", class: $0 == 1 ? .default : .standard, index: $0)
        })
        #expect(orders.compactMap(\.id).count == 5)
        #expect(try await Order.filter(Order.Columns.count > 2 && Order.default).fetchAll(db).map(\.count) == [4])
        #expect(try await Order.filter(Order.class == .default).count(db) == 1)
        #expect(try await Order.select(Order.Columns.group, countAll()).group(by: Order.Columns.group).having(countAll() > 2).fetchAll(db).map(\.0) == ["g1"])
        #expect(try await Order.filter(Order.index.between(2, and: 3)).updateAll(db, Order.Columns.limit.set(to: 9), Order.where.set(to: "here")) == 2)
        var first = try #require(try await Order.order(Order.index).fetchOne(db))
        first.select = 2.5
        try await first.update(db, columns: [Order.Columns.select])
        #expect(try await Order.find(db, try #require(first.id))?.select == 2.5)
        try await first.upsert(db)
        #expect(try await Order.fetchAll(db, sql: "SELECT * FROM \"order\" WHERE \"where\" = ?", arguments: ["here"]).count == 2)
        #expect(try await first.delete(db))
        #expect(try await Order.count(db) == 4)
    }

    @Test func seedRowsDecodeIntoTheModels() async throws {
        let example = try ExampleDatabase()
        try example.insertSeed()
        let db = example.db
        let book = try #require(try await Book.find(db, "9780553383041"))
        #expect(book.title == "A Wizard of Earthsea")
        #expect(book.tags == ["fantasy", "classic"])
        #expect(book.color == Color(red: 0x33, green: 0x66, blue: 0x99))
        #expect(book.shelf == Shelf(row: 3, column: 7, room: "main"))
        #expect(book.price == Decimal(string: "8.99"))
        #expect(book.format == .paperback)
        #expect(try await Author.find(db, 2)?.website == URL(string: "https://www.ursulakleguin.com"))
        #expect(try await Reader.fetchOne(db)?.level == .staff)
        #expect(try await Order.fetchOne(db)?.class == .express)
    }

    @Test func constraintsAndDecodingErrorsOnGeneratedTables() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let authorID = try await #require(try author(db).id)
        let duplicate = try await #require(throws: DatabaseError.self) { _ = try await author(db, name: "Other") }
        #expect(duplicate.isUniqueViolation)
        var wrong = Author(name: "R", email: "r@example.org", rating: 9)
        let check = try await #require(throws: DatabaseError.self) { try await wrong.insert(db) }
        #expect(check.isCheckViolation)
        let shortISBN = book(isbn: "123", authorID: authorID)
        await #expect(throws: DatabaseError.self) { try await shortISBN.insert(db) }
        let orphan = book(isbn: "9780000000099", authorID: 4242)
        let foreignKey = try await #require(throws: DatabaseError.self) { try await orphan.insert(db) }
        #expect(foreignKey.isForeignKeyViolation)

        let good = book(isbn: "9780000000001", authorID: authorID)
        try await good.insert(db)
        try await db.execute(sql: "UPDATE books SET color = 'blue'")
        let decoding = try await #require(throws: DatabaseError.self) { try await Book.fetchAll(db) }
        #expect(decoding.kind == .decoding)
        #expect(decoding.table == "books" && decoding.column == "color" && decoding.row == 0)

        // Upsert by a named unique column of a generated model.
        var renamed = Author(name: "Renamed", email: "u@example.org", rating: 1)
        try await renamed.upsert(db, onConflict: [Author.email])
        #expect(renamed.id == authorID)
        #expect(try await Author.find(db, authorID)?.name == "Renamed")
    }

    @Test func concurrentTasksOnGeneratedModels() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await db.write { conn in
                        var series = Series(title: "Series \(index)")
                        try series.insert(conn)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await Series.count(db) == 50)
        let titles = try await db.read { conn in try Series.select(Series.title).fetchAll(conn) }
        #expect(Set(titles).count == 50)
    }
}
