import Foundation
@_spi(Testing) import ORMKit
import Testing

@Suite("Record CRUD")
struct RecordCRUDTests {
    @Test func insertAssignsIdsAndFindReadsBack() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var ann = Author(name: "Ann", born: Date(timeIntervalSince1970: 1_000), rating: 4.5, badge: "transient")
        try await ann.insert(db)
        let id = try #require(ann.id)
        let found = try #require(try await Author.find(db, id))
        #expect(found.name == "Ann")
        #expect(found.born == Date(timeIntervalSince1970: 1_000))
        #expect(found.rating == 4.5)
        #expect(found.badge == nil)  // transient: never stored
        #expect(try await Author.find(db, id + 100) == nil)
        #expect(try await Author.exists(db, key: id))
        #expect(try await !Author.exists(db, key: id + 100))
    }

    @Test func insertContentsOfIsOneTransaction() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let inserted = try await Author.insert(db, contentsOf: (1...100).map { Author(name: "A\($0)") })
        #expect(inserted.compactMap(\.id) == Array(1...100))
        #expect(try await Author.count(db) == 100)

        // A failing record rolls the whole batch back.
        let authorId = try #require(inserted.first?.id)
        var books = [Book(authorId: authorId, title: "One", isbn: "1"), Book(authorId: authorId, title: "Dup", isbn: "1")]
        let error = try await #require(throws: DatabaseError.self) { try await Book.insert(db, contentsOf: books) }
        #expect(error.isUniqueViolation)
        #expect(error.table == "books")
        #expect(try await Book.count(db) == 0)
        books[1].isbn = "2"
        #expect(try await Book.insert(db, contentsOf: books).count == 2)
    }

    @Test func updateAllColumnsOnlyGivenColumnsAndAllBut() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var ann = Author(name: "Ann", rating: 1)
        try await ann.insert(db)
        let id = try #require(ann.id)

        ann.name = "Anne"
        ann.rating = 2
        try await ann.update(db)
        #expect(try await Author.find(db, id)?.name == "Anne")
        #expect(try await Author.find(db, id)?.rating == 2)

        ann.name = "Not saved"
        ann.rating = 3
        try await ann.update(db, columns: [Author.rating])
        #expect(try await Author.find(db, id)?.name == "Anne")
        #expect(try await Author.find(db, id)?.rating == 3)

        ann.name = "Annie"
        ann.rating = 4
        try await ann.update(db, allColumnsExcept: [Author.rating])
        #expect(try await Author.find(db, id)?.name == "Annie")
        #expect(try await Author.find(db, id)?.rating == 3)

        let ghost = Author(id: 999, name: "Ghost")
        let error = try await #require(throws: DatabaseError.self) { try await ghost.update(db) }
        #expect(error.kind == .recordNotFound)
        #expect(error.table == "authors")

        let misuse = try await #require(throws: DatabaseError.self) { try await ann.update(db, columns: [Book.title]) }
        #expect(misuse.kind == .misuse)
    }

    @Test func deleteByRecordKeyKeysAndAll() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authors = try await Author.insert(db, contentsOf: (1...5).map { Author(name: "A\($0)") })
        #expect(try await authors[0].delete(db))
        #expect(try await !authors[0].delete(db))
        #expect(try await Author.delete(db, key: 2))
        #expect(try await Author.delete(db, keys: [3, 4, 42]) == 2)
        #expect(try await Author.fetchAll(db).map(\.name) == ["A5"])
        #expect(try await Author.deleteAll(db) == 1)
        #expect(try await Author.count(db) == 0)
    }

    @Test func batchFindUpdateAndDelete() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var authors = try await Author.insert(db, contentsOf: (1...4).map { Author(name: "A\($0)") })
        #expect(try await Author.find(db, keys: [3, 99, 1]).map(\.name) == ["A3", "A1"])
        for index in authors.indices { authors[index].rating = Double(index) }
        try await Author.update(db, contentsOf: authors)
        #expect(try await Author.order(Author.id).fetchAll(db).map(\.rating) == [0, 1, 2, 3])
        let ghost = Author(id: 42, name: "Ghost")
        var changed = authors[0]
        changed.rating = 100
        await #expect(throws: DatabaseError.self) { try await Author.update(db, contentsOf: [changed, ghost]) }
        #expect(try await Author.find(db, 1)?.rating == 0)  // the batch rolled back
        #expect(try await Author.delete(db, contentsOf: authors.prefix(2) + [ghost]) == 2)
        #expect(try await Author.count(db) == 2)
    }

    @Test func saveInsertsThenUpdates() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var ann = Author(name: "Ann")
        try await ann.save(db)
        let id = try #require(ann.id)
        ann.rating = 5
        try await ann.save(db)
        #expect(ann.id == id)
        #expect(try await Author.fetchAll(db).map(\.rating) == [5])
        // A record with a key that is not in the table is inserted with that key.
        var explicit = Author(id: 77, name: "Seventy-seven")
        try await explicit.save(db)
        #expect(try await Author.find(db, 77)?.name == "Seventy-seven")
        let saved = try await Author.save(db, contentsOf: [Author(name: "B"), Author(id: 77, name: "Updated")])
        #expect(saved[0].id != nil)
        #expect(try await Author.find(db, 77)?.name == "Updated")
        #expect(try await Author.count(db) == 3)
    }

    @Test func upsertByPrimaryKeyAndByUniqueColumn() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var ann = Author(name: "Ann")
        try await ann.upsert(db)
        let authorId = try #require(ann.id)
        ann.rating = 3
        try await ann.upsert(db)
        #expect(ann.id == authorId)
        #expect(try await Author.fetchAll(db).map(\.rating) == [3])

        var book = Book(authorId: authorId, title: "First", isbn: "isbn-1")
        try await book.upsert(db, onConflict: [Book.isbn])
        let bookId = try #require(book.id)
        var sameIsbn = Book(authorId: authorId, title: "Renamed", isbn: "isbn-1")
        try await sameIsbn.upsert(db, onConflict: [Book.isbn])
        #expect(sameIsbn.id == bookId)
        #expect(try await Book.fetchAll(db).map(\.title) == ["Renamed"])

        let batch = try await Author.upsert(db, contentsOf: [Author(id: authorId, name: "Ann 2"), Author(name: "Bob")])
        #expect(batch.map(\.id) == [authorId, authorId + 1])
        #expect(try await Author.order(Author.id).fetchAll(db).map(\.name) == ["Ann 2", "Bob"])
    }

    /// When the conflict columns are every column outside the key there is nothing to update, and the record still
    /// gets the existing row's id (it got none while the statement did nothing on conflict), as on PostgreSQL.
    @Test func upsertOnEveryNonKeyColumnGetsTheExistingRowsID() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        try await db.execute(sql: #"CREATE UNIQUE INDEX "authors_whole" ON "authors" ("name", "born", "rating")"#)
        let born = Date(timeIntervalSince1970: 5_000)
        var first = Author(name: "Ann", born: born, rating: 4)
        try await first.insert(db)
        var again = Author(name: "Ann", born: born, rating: 4)
        try await again.upsert(db, onConflict: [Author.name, Author.born, Author.rating])
        #expect(again.id == first.id)
        #expect(try await Author.count(db) == 1)
    }

    @Test func compositeKeyOperations() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var member = Membership(userId: 1, groupName: "admins", role: "owner")
        try await member.insert(db)
        try await Membership.insert(db, contentsOf: [Membership(userId: 1, groupName: "users", role: "member")])
        let key = Membership.PrimaryKey(userId: 1, groupName: "admins")
        #expect(try await Membership.find(db, key)?.role == "owner")
        member.role = "admin"
        try await member.update(db)
        #expect(try await Membership.find(db, key)?.role == "admin")
        member.role = "root"
        try await member.upsert(db)
        #expect(try await Membership.find(db, key)?.role == "root")
        let duplicate = try await #require(throws: DatabaseError.self) {
            var copy = member
            try await copy.insert(db)
        }
        #expect(duplicate.isPrimaryKeyViolation)
        #expect(try await member.delete(db))
        #expect(try await Membership.count(db) == 1)
    }

    @Test func lookupsNeverRePrepare() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authors = try await Author.insert(db, contentsOf: (1...10).map { Author(name: "A\($0)") })
        _ = try await Author.find(db, 1)
        _ = try await Author.filter(Author.rating > 1).order(Author.name).fetchAll(db)
        let before = try onWriter(db) { $0.prepareCount }
        for author in authors {
            _ = try await Author.find(db, try #require(author.id))
            _ = try await Author.filter(Author.rating > Double(author.id ?? 0)).order(Author.name).fetchAll(db)
            try await author.update(db)
        }
        let afterUpdates = try onWriter(db) { $0.prepareCount }
        #expect(afterUpdates == before + 1)  // only the first update prepared
    }
}
