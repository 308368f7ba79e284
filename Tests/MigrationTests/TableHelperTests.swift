import ExampleModels
import Foundation
import ORMKit
import TestSupport
import Testing

/// Per-model table helpers and the up-to-date `migrate` noticing a table dropped outside it.
@Suite struct TableHelperTests {
    @Test func migrateNoticesADroppedTableAndCreateTableRestoresIt() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("tables.sqlite"))
        try db.migrate(ExampleSchema.self)
        try Payment.dropTable(db)
        let log = TraceLog()
        db.trace { log.append($0.sql) }
        #expect {
            try db.migrate(ExampleSchema.self)
        } throws: { error in
            "\(error)" == "the database is at schema version 3 but has no table payments (dropped outside migrate?); "
                + "recreate it with the model's createTable(_:) or restore the file"
        }
        db.trace(nil)
        #expect(log.all == ["PRAGMA user_version", "PRAGMA application_id"])
        try Payment.createTable(db)
        #expect(try db.migrate(ExampleSchema.self) == .upToDate(version: 3))
        #expect(try db.schemaDifferences(ExampleSchema.self).isEmpty)
    }

    @Test func truncateAndDropFollowForeignKeys() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("fk.sqlite"))
        try db.migrate(ExampleSchema.self)
        try Book.truncate(db)
        #expect(try Series.truncate(db) >= 0)
        var series = Series(title: "Test series")
        try series.insert(db)
        var author = Author(name: "Test author", email: "test@example.org")
        try author.insert(db)
        let book = Book(
            isbn: "9780553383041", title: "A Wizard", tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1),
            color: Color(red: 0, green: 0, blue: 0), authorID: try #require(author.id), seriesID: series.id)
        try book.insert(db)
        // books.series_id is ON DELETE RESTRICT: neither truncating nor dropping series may orphan the book.
        #expect(throws: DatabaseError.self) { try Series.truncate(db) }
        #expect(throws: DatabaseError.self) { try Series.dropTable(db) }
        #expect(try Series.count(db) == 1)
        // books.author_id is ON DELETE CASCADE: deleting the authors removes the book too.
        let authors = try Author.count(db)
        #expect(try Author.truncate(db) == authors)
        #expect(try Book.count(db) == 0)
        #expect(try Series.truncate(db) == 1)
    }
}
