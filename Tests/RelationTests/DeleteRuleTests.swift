import ExampleModels
import Foundation
import ORMKit
import Testing

@Suite struct DeleteRuleTests {
    @Test func cascadeDeletesChildren() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        try author.save(db, with:
            Author.books.saving([Sample.book(1, authorID: 0), Sample.book(2, authorID: 0)]),
            Author.profile.saving(AuthorProfile(links: [:], authorID: 0)))
        #expect(try Book.count(db) == 2)
        try author.delete(db)
        #expect(try Book.count(db) == 0)          // books.author_id ON DELETE CASCADE
        #expect(try AuthorProfile.count(db) == 0)  // author_profiles.author_id ON DELETE CASCADE
    }

    @Test func setNullClearsTheForeignKey() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        try author.insert(db)
        var translator = Sample.author(2)
        try translator.insert(db)
        var book = Sample.book(1, authorID: try #require(author.id))
        book.translatorID = translator.id
        try book.insert(db)
        try translator.delete(db)
        let reloaded = try #require(try Book.find(db, book.isbn))
        #expect(reloaded.translatorID == nil)
        #expect(try reloaded.translator.fetchOne(db) == nil)
    }

    @Test func setDefaultUsesTheColumnDefault() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var referrer = Sample.reader(1)
        try referrer.insert(db)
        var reader = Sample.reader(2)
        reader.referrerID = referrer.id
        try reader.insert(db)
        try referrer.delete(db)
        // referrer_id has no DEFAULT, so SET DEFAULT stores NULL.
        #expect(try Reader.find(db, try #require(reader.id))?.referrerID == nil)
    }

    @Test func restrictRefusesToDeleteAReferencedRow() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var series = Series(title: "Earthsea")
        var author = Sample.author(1)
        try author.insert(db)
        try series.save(db, with: Series.books.saving([Sample.book(1, authorID: try #require(author.id))]))
        #expect {
            try series.delete(db)
        } throws: { error in
            (error as? DatabaseError)?.isForeignKeyViolation == true
        }
        #expect(try Series.count(db) == 1)
        // Deleting the book first lets the series go.
        try series.books.deleteAll(db)
        #expect(try series.delete(db))
    }

    @Test func noActionRefusesAtTheEndOfTheStatement() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var reader = Sample.reader(1)
        try reader.insert(db)
        var order = Order(count: 1, index: 1, readerID: reader.id)
        try order.insert(db)
        #expect {
            try reader.delete(db)
        } throws: { error in
            (error as? DatabaseError)?.isForeignKeyViolation == true
        }
        #expect(try order.reader.fetchOne(db)?.id == reader.id)
    }

    @Test func restrictOnLoansKeepsBorrowedBooks() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        try author.insert(db)
        var reader = Sample.reader(1)
        try reader.insert(db)
        var book = Sample.book(1, authorID: try #require(author.id))
        try book.save(db, with: Book.loans.saving([
            Loan(loanedAt: Date(timeIntervalSince1970: 0), dueAt: Date(timeIntervalSince1970: 86_400), bookISBN: "", readerID: try #require(reader.id))
        ]))
        #expect(try book.loans.count(db) == 1)
        #expect(throws: DatabaseError.self) { try book.delete(db) }
        // The reader side cascades.
        try reader.delete(db)
        #expect(try book.loans.count(db) == 0)
        #expect(try book.delete(db))
    }
}
