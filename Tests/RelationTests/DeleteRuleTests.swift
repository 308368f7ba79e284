import ExampleModels
import Foundation
import ORMKit
import Testing

@Suite struct DeleteRuleTests {
    @Test func cascadeDeletesChildren() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        try await author.save(db, with:
            Author.books.saving([Sample.book(1, authorID: 0), Sample.book(2, authorID: 0)]),
            Author.profile.saving(AuthorProfile(links: [:], authorID: 0)))
        #expect(try await Book.count(db) == 2)
        try await author.delete(db)
        #expect(try await Book.count(db) == 0)          // books.author_id ON DELETE CASCADE
        #expect(try await AuthorProfile.count(db) == 0)  // author_profiles.author_id ON DELETE CASCADE
    }

    @Test func setNullClearsTheForeignKey() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        try await author.insert(db)
        var translator = Sample.author(2)
        try await translator.insert(db)
        var book = Sample.book(1, authorID: try #require(author.id))
        book.translatorID = translator.id
        try await book.insert(db)
        try await translator.delete(db)
        let reloaded = try #require(try await Book.find(db, book.isbn))
        #expect(reloaded.translatorID == nil)
        #expect(try await reloaded.translator.fetchOne(db) == nil)
    }

    @Test func setDefaultUsesTheColumnDefault() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var referrer = Sample.reader(1)
        try await referrer.insert(db)
        var reader = Sample.reader(2)
        reader.referrerID = referrer.id
        try await reader.insert(db)
        try await referrer.delete(db)
        // referrer_id has no DEFAULT, so SET DEFAULT stores NULL.
        #expect(try await Reader.find(db, try #require(reader.id))?.referrerID == nil)
    }

    @Test func restrictRefusesToDeleteAReferencedRow() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var series = Series(title: "Earthsea")
        var author = Sample.author(1)
        try await author.insert(db)
        try await series.save(db, with: Series.books.saving([Sample.book(1, authorID: try #require(author.id))]))
        await #expect {
            try await series.delete(db)
        } throws: { error in
            (error as? DatabaseError)?.isForeignKeyViolation == true
        }
        #expect(try await Series.count(db) == 1)
        // Deleting the book first lets the series go.
        try await series.books.deleteAll(db)
        #expect(try await series.delete(db))
    }

    @Test func noActionRefusesAtTheEndOfTheStatement() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var reader = Sample.reader(1)
        try await reader.insert(db)
        var order = Order(count: 1, index: 1, readerID: reader.id)
        try await order.insert(db)
        await #expect {
            try await reader.delete(db)
        } throws: { error in
            (error as? DatabaseError)?.isForeignKeyViolation == true
        }
        #expect(try await order.reader.fetchOne(db)?.id == reader.id)
    }

    @Test func restrictOnLoansKeepsBorrowedBooks() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        try await author.insert(db)
        var reader = Sample.reader(1)
        try await reader.insert(db)
        var book = Sample.book(1, authorID: try #require(author.id))
        try await book.save(db, with: Book.loans.saving([
            Loan(loanedAt: Date(timeIntervalSince1970: 0), dueAt: Date(timeIntervalSince1970: 86_400), bookISBN: "", readerID: try #require(reader.id))
        ]))
        #expect(try await book.loans.count(db) == 1)
        await #expect(throws: DatabaseError.self) { try await book.delete(db) }
        // The reader side cascades.
        try await reader.delete(db)
        #expect(try await book.loans.count(db) == 0)
        #expect(try await book.delete(db))
    }
}
