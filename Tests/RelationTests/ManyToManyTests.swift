import ExampleModels
import ORMKit
import Testing

@Suite struct ManyToManyTests {
    /// A saved author, books 1…`bookCount` by them, readers 1…`readerCount`.
    private func fixture(books bookCount: Int = 1, readers readerCount: Int = 3) async throws -> (LibraryDatabase, [Book], [Reader]) {
        let library = try LibraryDatabase()
        var author = Sample.author(1)
        try await author.insert(library.db)
        let authorID = try #require(author.id)
        let books = try await Book.insert(library.db, contentsOf: (1...bookCount).map { Sample.book($0, authorID: authorID) })
        let readers = try await Reader.insert(library.db, contentsOf: (1...readerCount).map { Sample.reader($0) })
        return (library, books, readers)
    }

    @Test func attachDetachAndSet() async throws {
        let (library, books, readers) = try await fixture()
        let db = library.db
        let book = books[0]

        try await book.readers.attach(db, [readers[0], readers[1]])
        try await book.readers.attach(db, readers[0])  // already a member: ignored
        #expect(try await book.readers.order(Reader.name).fetchAll(db).map(\.name) == ["Reader 1", "Reader 2"])
        #expect(try await book.readers.count(db) == 2)
        #expect(try await book.readers.filter(Reader.name == "Reader 2").fetchAll(db).map(\.name) == ["Reader 2"])

        try await book.readers.detach(db, readers[0])
        #expect(try await book.readers.fetchAll(db).map(\.name) == ["Reader 2"])

        try await book.readers.set(db, [readers[2], readers[0]])
        #expect(try await book.readers.order(Reader.name).fetchAll(db).map(\.name) == ["Reader 1", "Reader 3"])

        // The inverse relation sees the same join rows.
        #expect(try await readers[2].books.fetchAll(db).map(\.isbn) == [book.isbn])
    }

    @Test func attachingAnUnsavedRecordFails() async throws {
        let (library, books, _) = try await fixture()
        await #expect {
            try await books[0].readers.attach(library.db, Sample.reader(9))
        } throws: { error in
            (error as? DatabaseError)?.kind == .misuse
        }
    }

    @Test func orderedListInsertsAtTopAndBottomMovesAndRemoves() async throws {
        let (library, books, _) = try await fixture(books: 4, readers: 1)
        let db = library.db
        var list = ReadingList(title: "Summer")
        try await list.insert(db)

        try await list.books.insert(db, books[0])               // [1]
        try await list.books.insert(db, books[1], at: .bottom)  // [1, 2]
        try await list.books.insert(db, books[2], at: .top)     // [3, 1, 2]
        try await list.books.attach(db, [books[3]])             // [3, 1, 2, 4]
        #expect(try await list.books.fetchAll(db).map(\.title) == ["Book 3", "Book 1", "Book 2", "Book 4"])

        try await list.books.move(db, books[3], to: 1)          // [3, 4, 1, 2]
        #expect(try await list.books.fetchAll(db).map(\.title) == ["Book 3", "Book 4", "Book 1", "Book 2"])
        try await list.books.move(db, books[2], to: 99)         // clamped: [4, 1, 2, 3]
        #expect(try await list.books.fetchAll(db).map(\.title) == ["Book 4", "Book 1", "Book 2", "Book 3"])
        try await list.books.insert(db, books[2], at: .top)     // a member moves: [3, 4, 1, 2]
        #expect(try await list.books.fetchAll(db).map(\.title) == ["Book 3", "Book 4", "Book 1", "Book 2"])

        try await list.books.remove(db, books[3])               // [3, 1, 2]
        #expect(try await list.books.fetchAll(db).map(\.title) == ["Book 3", "Book 1", "Book 2"])
        #expect(try await list.books.fetchOne(db)?.title == "Book 3")

        try await list.books.set(db, [books[1], books[0]])
        #expect(try await list.books.fetchAll(db).map(\.title) == ["Book 2", "Book 1"])
        #expect(try await list.books.order(Book.title).fetchAll(db).map(\.title) == ["Book 1", "Book 2"])
    }

    @Test func movingANonMemberIsMisuse() async throws {
        // (Positions on an unordered relation do not compile: see RelationTypingTests.)
        let (library, books, _) = try await fixture(books: 2, readers: 1)
        let db = library.db
        var list = ReadingList(title: "Winter")
        try await list.insert(db)
        try await list.books.insert(db, books[0])
        await #expect { try await list.books.move(db, books[1], to: 0) } throws: { ($0 as? DatabaseError)?.kind == .misuse }
        #expect(try await list.books.fetchAll(db).map(\.isbn) == [books[0].isbn])
    }

    @Test func deletingAMemberRemovesItsJoinRows() async throws {
        let (library, books, readers) = try await fixture(books: 2, readers: 2)
        let db = library.db
        try await books[0].readers.attach(db, readers)
        try await books[1].readers.attach(db, readers)
        var list = ReadingList(title: "Both")
        try await list.insert(db)
        try await list.books.attach(db, books)

        try await readers[0].delete(db)
        #expect(try await books[0].readers.fetchAll(db).map(\.name) == ["Reader 2"])
        #expect(try await Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book_readers") == 2)

        try await books[0].delete(db)
        #expect(try await list.books.fetchAll(db).map(\.isbn) == [books[1].isbn])
        #expect(try await Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book_readers") == 1)
    }
}
