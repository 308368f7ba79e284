import Foundation
import ORMKit
import Testing

@Suite("Constraint errors")
struct ConstraintErrorTests {
    @Test func eachConstraintKindIsDistinguishable() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var author = Author(name: "Ann")
        try await author.insert(db)
        let authorId = try #require(author.id)
        var book = Book(authorId: authorId, title: "T", isbn: "secret-isbn")
        try await book.insert(db)

        // UNIQUE
        var duplicate = Book(authorId: authorId, title: "T2", isbn: "secret-isbn")
        let unique = try await #require(throws: DatabaseError.self) { try await duplicate.insert(db) }
        #expect(unique.isUniqueViolation && unique.isConstraintViolation)
        #expect(!unique.isForeignKeyViolation && !unique.isNotNullViolation && !unique.isCheckViolation && !unique.isPrimaryKeyViolation)
        #expect(unique.resultCode == 19)
        #expect(unique.extendedResultCode == 2067)
        #expect(unique.sql?.hasPrefix("INSERT INTO \"books\"") == true)
        #expect(unique.table == "books")

        // FOREIGN KEY
        duplicate.isbn = "other"
        duplicate.authorId = 999
        let foreignKey = try await #require(throws: DatabaseError.self) { try await duplicate.insert(db) }
        #expect(foreignKey.isForeignKeyViolation)
        // SQLite does not say which key; ORMKit finds it (the failure path checks each foreign key's parent row).
        #expect(foreignKey.column == "author_id" && foreignKey.table == "books")
        #expect(foreignKey.message == "FOREIGN KEY constraint failed: books.author_id references no row of authors (id)")
        let restrict = try await #require(throws: DatabaseError.self) { try await author.delete(db) }
        #expect(restrict.isForeignKeyViolation)  // ON DELETE RESTRICT reports SQLITE_CONSTRAINT_TRIGGER

        // CHECK
        duplicate.authorId = authorId
        duplicate.pages = 0
        let check = try await #require(throws: DatabaseError.self) { try await duplicate.insert(db) }
        #expect(check.isCheckViolation)

        // NOT NULL
        let notNull = try await #require(throws: DatabaseError.self) {
            try await db.execute(sql: "INSERT INTO authors (name) VALUES (?)", arguments: [nil])
        }
        #expect(notNull.isNotNullViolation)

        // PRIMARY KEY (rowid key, then a declared TEXT key, then a composite key)
        var twin = Author(id: authorId, name: "Twin")
        let primaryKey = try await #require(throws: DatabaseError.self) { try await twin.insert(db) }
        #expect(primaryKey.isPrimaryKeyViolation)
        var select = Select(key: "k")
        try await select.insert(db)
        let textKey = try await #require(throws: DatabaseError.self) { try await select.insert(db) }
        #expect(textKey.isPrimaryKeyViolation)

        // Bound values never appear in messages.
        for error in [unique, foreignKey, check, notNull, primaryKey] {
            #expect(!error.description.contains("secret-isbn"))
            #expect(!error.description.contains("Twin"))
        }
        _ = book.id
    }

    @Test func catchingAConstraintViolationByKind() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var first = Select(key: "same")
        try await first.insert(db)
        var outcome = "inserted"
        do {
            try await first.insert(db)
        } catch let error as DatabaseError where error.isPrimaryKeyViolation {
            outcome = "duplicate"
        }
        #expect(outcome == "duplicate")
    }
}
