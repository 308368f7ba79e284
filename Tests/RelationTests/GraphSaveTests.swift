import ExampleModels
import ORMKit
import Testing

@Suite struct GraphSaveTests {
    @Test func savesParentChildrenAndLinksInOneTransaction() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ged = Sample.reader(1)
        try ged.insert(db)
        var author = Sample.author(1)
        let (_, statements) = try library.countingStatements {
            try author.save(db, with:
                Author.books.saving([Sample.book(1, authorID: 0), Sample.book(2, authorID: 0)]),
                Author.books.saving(Sample.book(3, authorID: 0), with: Book.readers.saving([ged, Sample.reader(2)])),
                Author.profile.saving(AuthorProfile(biography: "Bio", links: [:], authorID: 0)))
        }
        let authorID = try #require(author.id)
        #expect(statements.first?.hasPrefix("SAVEPOINT") == true || statements.first?.hasPrefix("BEGIN") == true)
        #expect(try author.books.order(Book.isbn).fetchAll(db).map(\.authorID) == [authorID, authorID, authorID])
        #expect(try author.profile.fetchOne(db)?.biography == "Bio")
        let third = try #require(try Book.find(db, Sample.isbn(3)))
        #expect(try third.readers.order(Reader.name).fetchAll(db).map(\.name) == ["Reader 1", "Reader 2"])
        #expect(try Reader.count(db) == 2)
    }

    @Test func childrenBuiltFromTheOwnersKeyNeedNoPlaceholder() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        let (books, odes, profile) = try author.save(db, with:
            Author.books.saving { authorID in [Sample.book(1, authorID: authorID), Sample.book(2, authorID: authorID)] },
            Author.books.saving({ Sample.book(3, authorID: $0) }, with: Book.readers.saving([Sample.reader(1)])),
            Author.profile.saving { AuthorProfile(biography: "Bio", links: [:], authorID: $0) })
        let authorID = try #require(author.id)
        #expect(books.map(\.authorID) == [authorID, authorID])
        #expect(odes.record.authorID == authorID && odes.related.map(\.name) == ["Reader 1"])
        #expect(profile.authorID == authorID)
        #expect(try author.books.order(Book.isbn).fetchAll(db) == books + [odes.record])
        #expect(try author.profile.fetchOne(db) == profile)

        // An optional foreign key takes an optional key; a closure of another type is refused, saving nothing.
        var reader = Sample.reader(2)
        let lists = try reader.save(db, with: Reader.readingLists.saving { (ownerID: Int64?) in [ReadingList(title: "Later", ownerID: ownerID)] })
        #expect(lists.map(\.ownerID) == [reader.id])
        var other = Sample.author(2)
        #expect {
            try other.save(db, with: Author.books.saving { (key: String) in [Sample.book(9, authorID: 0, title: key)] })
        } throws: { error in
            let error = error as? DatabaseError
            return error?.kind == .misuse && error?.message.contains("passes its owner's key as Int64, but the closure takes String") == true
        }
        #expect(other.id == nil)
        #expect(try Author.count(db) == 1)
    }

    @Test func aFailureAnywhereRollsBackTheWholeGraph() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        var badBook = Sample.book(2, authorID: 0)
        badBook.isbn = "too-short"  // violates the ISBN length check
        #expect {
            try author.save(db, with:
                Author.books.saving(Sample.book(1, authorID: 0), with: Book.readers.saving([Sample.reader(1)])),
                Author.books.saving([badBook]))
        } throws: { error in
            (error as? DatabaseError)?.isCheckViolation == true
        }
        #expect(author.id == nil)
        #expect(try Author.count(db) == 0)
        #expect(try Book.count(db) == 0)
        #expect(try Reader.count(db) == 0)
        #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book_readers") == 0)
    }

    @Test func graphSaveInsideAnOpenTransactionRollsBackOnlyItself() throws {
        let library = try LibraryDatabase()
        let db = library.db
        try db.write { conn in
            var kept = Sample.author(1)
            try kept.insert(conn)
            var author = Sample.author(2)
            var invalid = Sample.book(2, authorID: 0)
            invalid.copies = -1  // violates the copies check
            #expect(throws: DatabaseError.self) {
                try author.save(conn, with: Author.books.saving([Sample.book(1, authorID: 0), invalid]))
            }
        }
        #expect(try Author.fetchAll(db).map(\.name) == ["Author 1"])
        #expect(try Book.count(db) == 0)
    }

    @Test func savingAgainUpdatesChildren() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        try author.save(db, with: Author.books.saving([Sample.book(1, authorID: 0)]))
        var book = try #require(try author.books.fetchOne(db))
        book.title = "Renamed"
        author.name = "Ann"
        try author.save(db, with: Author.books.saving([book]))
        #expect(try Author.fetchAll(db).map(\.name) == ["Ann"])
        #expect(try author.books.fetchAll(db).map(\.title) == ["Renamed"])
    }

    @Test func theSavedGraphGivesBackChildrenWithTheirIds() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        let (books, odes, profile) = try author.save(db, with:
            Author.books.saving([Sample.book(1, authorID: 0), Sample.book(2, authorID: 0)]),
            Author.books.saving(Sample.book(3, authorID: 0), with: Book.readers.saving([Sample.reader(1), Sample.reader(2)])),
            Author.profile.saving(AuthorProfile(biography: "Bio", links: [:], authorID: 0)))
        let authorID = try #require(author.id)
        // Foreign keys filled from the new author id; generated ids assigned to the readers and the profile.
        #expect(books.map(\.isbn) == [Sample.isbn(1), Sample.isbn(2)])
        #expect(books.allSatisfy { $0.authorID == authorID })
        #expect(odes.record.authorID == authorID)
        let readers: [Reader] = odes.related
        let readerIDs = readers.compactMap(\.id)
        #expect(readerIDs.count == 2)
        #expect(try Reader.order(Reader.id).fetchAll(db).compactMap(\.id) == readerIDs)
        #expect(profile.authorID == authorID)
        #expect(try AuthorProfile.find(db, profile.id)?.biography == "Bio")
        // One change gives back its value alone.
        var second = Sample.author(2)
        let more: [Book] = try second.save(db, with: Author.books.saving([Sample.book(4, authorID: 0)]))
        #expect(more.map(\.authorID) == [second.id])
    }
}
