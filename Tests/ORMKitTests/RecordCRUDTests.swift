import Foundation
@_spi(Testing) import ORMKit
import Testing

@Suite("Record CRUD")
struct RecordCRUDTests {
    @Test func insertAssignsIdsAndFindReadsBack() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var ann = Author(name: "Ann", born: Date(timeIntervalSince1970: 1_000), rating: 4.5, badge: "transient")
        try ann.insert(db)
        let id = try #require(ann.id)
        let found = try #require(try Author.find(db, id))
        #expect(found.name == "Ann")
        #expect(found.born == Date(timeIntervalSince1970: 1_000))
        #expect(found.rating == 4.5)
        #expect(found.badge == nil)  // transient: never stored
        #expect(try Author.find(db, id + 100) == nil)
        #expect(try Author.exists(db, key: id))
        #expect(try !Author.exists(db, key: id + 100))
    }

    @Test func insertContentsOfIsOneTransaction() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let inserted = try Author.insert(db, contentsOf: (1...100).map { Author(name: "A\($0)") })
        #expect(inserted.compactMap(\.id) == Array(1...100))
        #expect(try Author.count(db) == 100)

        // A failing record rolls the whole batch back.
        let authorId = try #require(inserted.first?.id)
        var books = [Book(authorId: authorId, title: "One", isbn: "1"), Book(authorId: authorId, title: "Dup", isbn: "1")]
        let error = try #require(throws: DatabaseError.self) { try Book.insert(db, contentsOf: books) }
        #expect(error.isUniqueViolation)
        #expect(error.table == "books")
        #expect(try Book.count(db) == 0)
        books[1].isbn = "2"
        #expect(try Book.insert(db, contentsOf: books).count == 2)
    }

    @Test func updateAllColumnsOnlyGivenColumnsAndAllBut() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var ann = Author(name: "Ann", rating: 1)
        try ann.insert(db)
        let id = try #require(ann.id)

        ann.name = "Anne"
        ann.rating = 2
        try ann.update(db)
        #expect(try Author.find(db, id)?.name == "Anne")
        #expect(try Author.find(db, id)?.rating == 2)

        ann.name = "Not saved"
        ann.rating = 3
        try ann.update(db, columns: [Author.rating])
        #expect(try Author.find(db, id)?.name == "Anne")
        #expect(try Author.find(db, id)?.rating == 3)

        ann.name = "Annie"
        ann.rating = 4
        try ann.update(db, allColumnsExcept: [Author.rating])
        #expect(try Author.find(db, id)?.name == "Annie")
        #expect(try Author.find(db, id)?.rating == 3)

        let ghost = Author(id: 999, name: "Ghost")
        let error = try #require(throws: DatabaseError.self) { try ghost.update(db) }
        #expect(error.kind == .recordNotFound)
        #expect(error.table == "authors")

        let misuse = try #require(throws: DatabaseError.self) { try ann.update(db, columns: [Book.title]) }
        #expect(misuse.kind == .misuse)
    }

    @Test func deleteByRecordKeyKeysAndAll() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authors = try Author.insert(db, contentsOf: (1...5).map { Author(name: "A\($0)") })
        #expect(try authors[0].delete(db))
        #expect(try !authors[0].delete(db))
        #expect(try Author.delete(db, key: 2))
        #expect(try Author.delete(db, keys: [3, 4, 42]) == 2)
        #expect(try Author.fetchAll(db).map(\.name) == ["A5"])
        #expect(try Author.deleteAll(db) == 1)
        #expect(try Author.count(db) == 0)
    }

    @Test func batchFindUpdateAndDelete() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var authors = try Author.insert(db, contentsOf: (1...4).map { Author(name: "A\($0)") })
        #expect(try Author.find(db, keys: [3, 99, 1]).map(\.name) == ["A3", "A1"])
        for index in authors.indices { authors[index].rating = Double(index) }
        try Author.update(db, contentsOf: authors)
        #expect(try Author.order(Author.id).fetchAll(db).map(\.rating) == [0, 1, 2, 3])
        let ghost = Author(id: 42, name: "Ghost")
        var changed = authors[0]
        changed.rating = 100
        #expect(throws: DatabaseError.self) { try Author.update(db, contentsOf: [changed, ghost]) }
        #expect(try Author.find(db, 1)?.rating == 0)  // the batch rolled back
        #expect(try Author.delete(db, contentsOf: authors.prefix(2) + [ghost]) == 2)
        #expect(try Author.count(db) == 2)
    }

    @Test func saveInsertsThenUpdates() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var ann = Author(name: "Ann")
        try ann.save(db)
        let id = try #require(ann.id)
        ann.rating = 5
        try ann.save(db)
        #expect(ann.id == id)
        #expect(try Author.fetchAll(db).map(\.rating) == [5])
        // A record with a key that is not in the table is inserted with that key.
        var explicit = Author(id: 77, name: "Seventy-seven")
        try explicit.save(db)
        #expect(try Author.find(db, 77)?.name == "Seventy-seven")
        let saved = try Author.save(db, contentsOf: [Author(name: "B"), Author(id: 77, name: "Updated")])
        #expect(saved[0].id != nil)
        #expect(try Author.find(db, 77)?.name == "Updated")
        #expect(try Author.count(db) == 3)
    }

    @Test func upsertByPrimaryKeyAndByUniqueColumn() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var ann = Author(name: "Ann")
        try ann.upsert(db)
        let authorId = try #require(ann.id)
        ann.rating = 3
        try ann.upsert(db)
        #expect(ann.id == authorId)
        #expect(try Author.fetchAll(db).map(\.rating) == [3])

        var book = Book(authorId: authorId, title: "First", isbn: "isbn-1")
        try book.upsert(db, onConflict: [Book.isbn])
        let bookId = try #require(book.id)
        var sameIsbn = Book(authorId: authorId, title: "Renamed", isbn: "isbn-1")
        try sameIsbn.upsert(db, onConflict: [Book.isbn])
        #expect(sameIsbn.id == bookId)
        #expect(try Book.fetchAll(db).map(\.title) == ["Renamed"])

        let batch = try Author.upsert(db, contentsOf: [Author(id: authorId, name: "Ann 2"), Author(name: "Bob")])
        #expect(batch.map(\.id) == [authorId, authorId + 1])
        #expect(try Author.order(Author.id).fetchAll(db).map(\.name) == ["Ann 2", "Bob"])
    }

    /// When the conflict columns are every column outside the key there is nothing to update, and the record still
    /// gets the existing row's id (it got none while the statement did nothing on conflict), as on PostgreSQL.
    @Test func upsertOnEveryNonKeyColumnGetsTheExistingRowsID() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        try db.execute(sql: #"CREATE UNIQUE INDEX "authors_whole" ON "authors" ("name", "born", "rating")"#)
        let born = Date(timeIntervalSince1970: 5_000)
        var first = Author(name: "Ann", born: born, rating: 4)
        try first.insert(db)
        var again = Author(name: "Ann", born: born, rating: 4)
        try again.upsert(db, onConflict: [Author.name, Author.born, Author.rating])
        #expect(again.id == first.id)
        #expect(try Author.count(db) == 1)
    }

    @Test func compositeKeyOperations() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var member = Membership(userId: 1, groupName: "admins", role: "owner")
        try member.insert(db)
        try Membership.insert(db, contentsOf: [Membership(userId: 1, groupName: "users", role: "member")])
        let key = Membership.PrimaryKey(userId: 1, groupName: "admins")
        #expect(try Membership.find(db, key)?.role == "owner")
        member.role = "admin"
        try member.update(db)
        #expect(try Membership.find(db, key)?.role == "admin")
        member.role = "root"
        try member.upsert(db)
        #expect(try Membership.find(db, key)?.role == "root")
        let duplicate = try #require(throws: DatabaseError.self) {
            var copy = member
            try copy.insert(db)
        }
        #expect(duplicate.isPrimaryKeyViolation)
        #expect(try member.delete(db))
        #expect(try Membership.count(db) == 1)
    }

    @Test func lookupsNeverRePrepare() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authors = try Author.insert(db, contentsOf: (1...10).map { Author(name: "A\($0)") })
        _ = try Author.find(db, 1)
        _ = try Author.filter(Author.rating > 1).order(Author.name).fetchAll(db)
        let before = try db.withConnection { $0.prepareCount }
        for author in authors {
            _ = try Author.find(db, try #require(author.id))
            _ = try Author.filter(Author.rating > Double(author.id ?? 0)).order(Author.name).fetchAll(db)
            try author.update(db)
        }
        let afterUpdates = try db.withConnection { $0.prepareCount }
        #expect(afterUpdates == before + 1)  // only the first update prepared
    }
}
