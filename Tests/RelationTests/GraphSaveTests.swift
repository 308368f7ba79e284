import ExampleModels
import ORMKit
import Testing

@Suite struct GraphSaveTests {
    @Test func savesParentChildrenAndLinksInOneTransaction() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ged = Sample.reader(1)
        try await ged.insert(db)
        var author = Sample.author(1)
        let (_, statements) = try await library.countingStatements {
            try await author.save(db, with:
                Author.books.saving([Sample.book(1, authorID: 0), Sample.book(2, authorID: 0)]),
                Author.books.saving(Sample.book(3, authorID: 0), with: Book.readers.saving([ged, Sample.reader(2)])),
                Author.profile.saving(AuthorProfile(biography: "Bio", links: [:], authorID: 0)))
        }
        let authorID = try #require(author.id)
        #expect(statements.first?.hasPrefix("SAVEPOINT") == true || statements.first?.hasPrefix("BEGIN") == true)
        #expect(try await author.books.order(Book.isbn).fetchAll(db).map(\.authorID) == [authorID, authorID, authorID])
        #expect(try await author.profile.fetchOne(db)?.biography == "Bio")
        let third = try #require(try await Book.find(db, Sample.isbn(3)))
        #expect(try await third.readers.order(Reader.name).fetchAll(db).map(\.name) == ["Reader 1", "Reader 2"])
        #expect(try await Reader.count(db) == 2)
    }

    @Test func childrenBuiltFromTheOwnersKeyNeedNoPlaceholder() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        let (books, odes, profile) = try await author.save(db, with:
            Author.books.saving { authorID in [Sample.book(1, authorID: authorID), Sample.book(2, authorID: authorID)] },
            Author.books.saving({ Sample.book(3, authorID: $0) }, with: Book.readers.saving([Sample.reader(1)])),
            Author.profile.saving { AuthorProfile(biography: "Bio", links: [:], authorID: $0) })
        let authorID = try #require(author.id)
        #expect(books.map(\.authorID) == [authorID, authorID])
        #expect(odes.record.authorID == authorID && odes.related.map(\.name) == ["Reader 1"])
        #expect(profile.authorID == authorID)
        #expect(try await author.books.order(Book.isbn).fetchAll(db) == books + [odes.record])
        #expect(try await author.profile.fetchOne(db) == profile)

        // An optional foreign key takes an optional key; a closure of another type is refused, saving nothing.
        var reader = Sample.reader(2)
        let lists = try await reader.save(db, with: Reader.readingLists.saving { (ownerID: Int64?) in [ReadingList(title: "Later", ownerID: ownerID)] })
        #expect(lists.map(\.ownerID) == [reader.id])
        var other = Sample.author(2)
        await #expect {
            try await other.save(db, with: Author.books.saving { (key: String) in [Sample.book(9, authorID: 0, title: key)] })
        } throws: { error in
            let error = error as? DatabaseError
            return error?.kind == .misuse && error?.message.contains("passes its owner's key as Int64, but the closure takes String") == true
        }
        #expect(other.id == nil)
        #expect(try await Author.count(db) == 1)
    }

    @Test func aFailureAnywhereRollsBackTheWholeGraph() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        var badBook = Sample.book(2, authorID: 0)
        badBook.isbn = "too-short"  // violates the ISBN length check
        await #expect {
            try await author.save(db, with:
                Author.books.saving(Sample.book(1, authorID: 0), with: Book.readers.saving([Sample.reader(1)])),
                Author.books.saving([badBook]))
        } throws: { error in
            (error as? DatabaseError)?.isCheckViolation == true
        }
        #expect(author.id == nil)
        #expect(try await Author.count(db) == 0)
        #expect(try await Book.count(db) == 0)
        #expect(try await Reader.count(db) == 0)
        #expect(try await Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book_readers") == 0)
    }

    @Test func graphSaveInsideAnOpenTransactionRollsBackOnlyItself() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        try await db.write { conn in
            var kept = Sample.author(1)
            try kept.insert(conn)
            var author = Sample.author(2)
            var invalid = Sample.book(2, authorID: 0)
            invalid.copies = -1  // violates the copies check
            #expect(throws: DatabaseError.self) {
                try author.save(conn, with: Author.books.saving([Sample.book(1, authorID: 0), invalid]))
            }
        }
        #expect(try await Author.fetchAll(db).map(\.name) == ["Author 1"])
        #expect(try await Book.count(db) == 0)
    }

    @Test func savingAgainUpdatesChildren() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        try await author.save(db, with: Author.books.saving([Sample.book(1, authorID: 0)]))
        var book = try await #require(try author.books.fetchOne(db))
        book.title = "Renamed"
        author.name = "Ann"
        try await author.save(db, with: Author.books.saving([book]))
        #expect(try await Author.fetchAll(db).map(\.name) == ["Ann"])
        #expect(try await author.books.fetchAll(db).map(\.title) == ["Renamed"])
    }

    @Test func theSavedGraphGivesBackChildrenWithTheirIds() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var author = Sample.author(1)
        let (books, odes, profile) = try await author.save(db, with:
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
        #expect(try await Reader.order(Reader.id).fetchAll(db).compactMap(\.id) == readerIDs)
        #expect(profile.authorID == authorID)
        #expect(try await AuthorProfile.find(db, profile.id)?.biography == "Bio")
        // One change gives back its value alone.
        var second = Sample.author(2)
        let more: [Book] = try await second.save(db, with: Author.books.saving([Sample.book(4, authorID: 0)]))
        #expect(more.map(\.authorID) == [second.id])
    }
}
