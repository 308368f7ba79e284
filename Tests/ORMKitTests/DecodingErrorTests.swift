import Foundation
import ORMKit
import TestSupport
import Testing

@Suite("Decoding errors")
struct DecodingErrorTests {
    /// Authors whose third row (index 2) breaks `column` with `value`.
    private func library(breaking column: String, with value: String) async throws -> (Database, TemporaryDirectory) {
        let (db, directory) = try makeLibrary()
        try await Author.insert(db, contentsOf: [Author(name: "A"), Author(name: "B"), Author(name: "C")])
        // Raw SQL bypasses the record codec; drop NOT NULL by rebuilding without constraints.
        try await db.execute(sql: """
            CREATE TABLE loose AS SELECT * FROM authors;
            DROP TABLE authors;
            CREATE TABLE authors (id INTEGER PRIMARY KEY, name, born, rating);
            INSERT INTO authors SELECT * FROM loose;
            DROP TABLE loose;
            UPDATE authors SET "\(column)" = \(value) WHERE id = 3;
            """)
        return (db, directory)
    }

    @Test func nullIntoNonOptionalNamesTableColumnAndRow() async throws {
        let (db, directory) = try await library(breaking: "name", with: "NULL")
        _ = directory
        let error = try await #require(throws: DatabaseError.self) { try await Author.order(Author.id).fetchAll(db) }
        #expect(error.kind == .decoding)
        #expect(error.table == "authors")
        #expect(error.column == "name")
        #expect(error.row == 2)
        #expect(error.description.contains("authors.name, row 2"))
        #expect(error.description.contains("NULL"))
    }

    @Test func wrongStorageClassIsAnError() async throws {
        let (db, directory) = try await library(breaking: "rating", with: "'high'")
        _ = directory
        let error = try await #require(throws: DatabaseError.self) { try await Author.find(db, 3) }
        #expect(error.kind == .decoding)
        #expect(error.column == "rating")
        #expect(error.table == "authors")
        #expect(error.row == 0)
        #expect(error.message.contains("TEXT"))
        #expect(error.message.contains("Double"))
    }

    @Test func errorsFromCursorsAndSelectsNameTheColumn() async throws {
        let (db, directory) = try await library(breaking: "name", with: "X'00'")
        _ = directory
        try await db.read { conn in
            let cursor = try Author.order(Author.id).cursor(conn)
            #expect(try cursor.next()?.name == "A")
            #expect(try cursor.next()?.name == "B")
            let error = try #require(throws: DatabaseError.self) { try cursor.next() }
            #expect(error.row == 2 && error.column == "name" && error.table == "authors")
        }
        let error = try await #require(throws: DatabaseError.self) { try await Author.select(Author.name).order(Author.id).fetchAll(db) }
        #expect(error.row == 2 && error.column == "name")
    }

    @Test func int32RangeIsChecked() async throws {
        let db = try Database.inMemory()
        let error = try await #require(throws: DatabaseError.self) { try await Int32.fetchOne(db, sql: "SELECT 4294967296 AS big") }
        #expect(error.kind == .decoding)
        #expect(error.column == "big")
        #expect(error.message.contains("Int32"))
    }

    @Test func unknownEnumRawValueAndFailingConverter() async throws {
        let db = try Database.inMemory()
        let enumError = try await #require(throws: DatabaseError.self) { try await Book.Genre.fetchOne(db, sql: "SELECT 'poetry' AS genre") }
        #expect(enumError.kind == .decoding)
        #expect(enumError.message.contains("poetry"))
        let converterError = try await #require(throws: DatabaseError.self) { try await Color.fetchOne(db, sql: "SELECT -1 AS color") }
        #expect(converterError.kind == .decoding)
        #expect(converterError.column == "color")
    }

    @Test func malformedJSONAndNullJSONForNonOptional() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var author = Author(name: "A")
        try await author.insert(db)
        var book = Book(authorId: try #require(author.id), title: "T", isbn: "1")
        try await book.insert(db)
        try await db.execute(sql: "UPDATE books SET tags = '{not json'")
        let error = try await #require(throws: DatabaseError.self) { try await Book.fetchAll(db) }
        #expect(error.kind == .decoding && error.column == "tags" && error.table == "books")
        try await db.execute(sql: "UPDATE books SET tags = '[]', metadata = 'null'")
        #expect(try await Book.fetchOne(db)?.metadata == nil)
        _ = book.id
    }
}
