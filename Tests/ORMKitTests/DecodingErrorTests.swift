import Foundation
import ORMKit
import TestSupport
import Testing

@Suite("Decoding errors")
struct DecodingErrorTests {
    /// Authors whose third row (index 2) breaks `column` with `value`.
    private func library(breaking column: String, with value: String) throws -> (Database, TemporaryDirectory) {
        let (db, directory) = try makeLibrary()
        try Author.insert(db, contentsOf: [Author(name: "A"), Author(name: "B"), Author(name: "C")])
        // Raw SQL bypasses the record codec; drop NOT NULL by rebuilding without constraints.
        try db.execute(sql: """
            CREATE TABLE loose AS SELECT * FROM authors;
            DROP TABLE authors;
            CREATE TABLE authors (id INTEGER PRIMARY KEY, name, born, rating);
            INSERT INTO authors SELECT * FROM loose;
            DROP TABLE loose;
            UPDATE authors SET "\(column)" = \(value) WHERE id = 3;
            """)
        return (db, directory)
    }

    @Test func nullIntoNonOptionalNamesTableColumnAndRow() throws {
        let (db, directory) = try library(breaking: "name", with: "NULL")
        _ = directory
        let error = try #require(throws: DatabaseError.self) { try Author.order(Author.id).fetchAll(db) }
        #expect(error.kind == .decoding)
        #expect(error.table == "authors")
        #expect(error.column == "name")
        #expect(error.row == 2)
        #expect(error.description.contains("authors.name, row 2"))
        #expect(error.description.contains("NULL"))
    }

    @Test func wrongStorageClassIsAnError() throws {
        let (db, directory) = try library(breaking: "rating", with: "'high'")
        _ = directory
        let error = try #require(throws: DatabaseError.self) { try Author.find(db, 3) }
        #expect(error.kind == .decoding)
        #expect(error.column == "rating")
        #expect(error.table == "authors")
        #expect(error.row == 0)
        #expect(error.message.contains("TEXT"))
        #expect(error.message.contains("Double"))
    }

    @Test func errorsFromCursorsAndSelectsNameTheColumn() throws {
        let (db, directory) = try library(breaking: "name", with: "X'00'")
        _ = directory
        try db.read { conn in
            let cursor = try Author.order(Author.id).cursor(conn)
            #expect(try cursor.next()?.name == "A")
            #expect(try cursor.next()?.name == "B")
            let error = try #require(throws: DatabaseError.self) { try cursor.next() }
            #expect(error.row == 2 && error.column == "name" && error.table == "authors")
        }
        let error = try #require(throws: DatabaseError.self) { try Author.select(Author.name).order(Author.id).fetchAll(db) }
        #expect(error.row == 2 && error.column == "name")
    }

    @Test func int32RangeIsChecked() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) { try Int32.fetchOne(db, sql: "SELECT 4294967296 AS big") }
        #expect(error.kind == .decoding)
        #expect(error.column == "big")
        #expect(error.message.contains("Int32"))
    }

    @Test func unknownEnumRawValueAndFailingConverter() throws {
        let db = try Database.inMemory()
        let enumError = try #require(throws: DatabaseError.self) { try Book.Genre.fetchOne(db, sql: "SELECT 'poetry' AS genre") }
        #expect(enumError.kind == .decoding)
        #expect(enumError.message.contains("poetry"))
        let converterError = try #require(throws: DatabaseError.self) { try Color.fetchOne(db, sql: "SELECT -1 AS color") }
        #expect(converterError.kind == .decoding)
        #expect(converterError.column == "color")
    }

    @Test func malformedJSONAndNullJSONForNonOptional() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var author = Author(name: "A")
        try author.insert(db)
        var book = Book(authorId: try #require(author.id), title: "T", isbn: "1")
        try book.insert(db)
        try db.execute(sql: "UPDATE books SET tags = '{not json'")
        let error = try #require(throws: DatabaseError.self) { try Book.fetchAll(db) }
        #expect(error.kind == .decoding && error.column == "tags" && error.table == "books")
        try db.execute(sql: "UPDATE books SET tags = '[]', metadata = 'null'")
        #expect(try Book.fetchOne(db)?.metadata == nil)
        _ = book.id
    }
}
