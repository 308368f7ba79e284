import ExampleModels
import Foundation
import ORMKit
import Testing

/// Foreign-key violations name the key, through the generated models' relations.
@Suite struct ForeignKeyViolationTests {
    @Test func aDeleteBlockedByChildrenNamesTheRelation() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var series = Series(title: "Earthsea")
        try await series.insert(db)
        var author = Author(name: "Ursula", email: "u@example.org")
        try await author.insert(db)
        let authorID = try #require(author.id)
        var book = Book(
            isbn: "9780553383041", title: "A Wizard", tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1),
            color: Color(red: 0, green: 0, blue: 0), authorID: authorID, seriesID: series.id)
        try await book.insert(db)
        // books.series_id is ON DELETE RESTRICT.
        let error = try await #require(throws: DatabaseError.self) { try await series.delete(db) }
        #expect(error.isForeignKeyViolation)
        #expect(error.column == "series_id" && error.table == "series")
        #expect(error.message.hasSuffix("rows of books (series_id) still reference this series row (relation 'books')"))

        book.translatorID = 12_345
        let missing = try await #require(throws: DatabaseError.self) { try await book.update(db) }
        #expect(missing.column == "translator_id")
        #expect(missing.message.hasSuffix("books.translator_id references no row of authors (id)"))
    }
}
