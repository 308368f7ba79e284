import ExampleModels
import Foundation
import ORMKit
import TestSupport
import Testing

/// Per-model table helpers and the up-to-date `migrate` noticing a table dropped outside it.
@Suite struct TableHelperTests {
    @Test func migrateNoticesADroppedTableAndCreateTableRestoresIt() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("tables.sqlite"))
        try await db.migrate(ExampleSchema.self)
        try await Payment.dropTable(db)
        let log = TraceLog()
        db.trace { log.append($0.sql) }
        await #expect {
            try await db.migrate(ExampleSchema.self)
        } throws: { error in
            "\(error)" == "the database is at schema version 3 but has no table payments (dropped outside migrate?); "
                + "recreate it with the model's createTable(_:) or restore the file"
        }
        db.trace(nil)
        #expect(log.all == ["PRAGMA user_version", "PRAGMA application_id"])
        try await Payment.createTable(db)
        #expect(try await db.migrate(ExampleSchema.self) == .upToDate(version: 3))
        #expect(try await db.schemaDifferences(ExampleSchema.self).isEmpty)
    }

    @Test func truncateAndDropFollowForeignKeys() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("fk.sqlite"))
        try await db.migrate(ExampleSchema.self)
        try await Book.truncate(db)
        #expect(try await Series.truncate(db) >= 0)
        var series = Series(title: "Test series")
        try await series.insert(db)
        var author = Author(name: "Test author", email: "test@example.org")
        try await author.insert(db)
        let book = Book(
            isbn: "9780553383041", title: "A Wizard", tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1),
            color: Color(red: 0, green: 0, blue: 0), authorID: try #require(author.id), seriesID: series.id)
        try await book.insert(db)
        // books.series_id is ON DELETE RESTRICT: neither truncating nor dropping series may orphan the book.
        await #expect(throws: DatabaseError.self) { try await Series.truncate(db) }
        await #expect(throws: DatabaseError.self) { try await Series.dropTable(db) }
        #expect(try await Series.count(db) == 1)
        // books.author_id is ON DELETE CASCADE: deleting the authors removes the book too.
        let authors = try await Author.count(db)
        #expect(try await Author.truncate(db) == authors)
        #expect(try await Book.count(db) == 0)
        #expect(try await Series.truncate(db) == 1)
    }
}
