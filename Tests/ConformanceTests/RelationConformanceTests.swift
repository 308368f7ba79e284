import ExampleModels
import Foundation
import ORMKit
import Testing

/// Navigation, eager loading, graph saves and many-to-many members behave the same on every engine.
@Suite("Conformance: relations") struct RelationConformanceTests {
    /// The authors the tests insert (the schema's seed rows are there too).
    static let mine = Author.filter(Author.email.like("%@rel.test"))

    static func author(_ name: String) -> Author {
        Author(name: name, email: "\(name.lowercased())@rel.test")
    }

    /// A book with a 13-character ISBN derived from `number` ("2" and 12 digits: apart from the seed's).
    static func book(_ number: Int, authorID: Int64 = 0, title: String? = nil, copies: Int = 1) -> Book {
        let digits = String(number)
        return Book(
            isbn: "2" + String(repeating: "0", count: Swift.max(0, 12 - digits.count)) + digits, title: title ?? "Book \(number)",
            tags: ["t\(number)"], uid: UUID(), shelf: Shelf(row: 1, column: number), color: Color(red: 0, green: 0, blue: 0),
            copies: copies, authorID: authorID)
    }

    static func reader(_ number: Int) -> Reader {
        Reader(cardNumber: Int64(50_000 + number), name: "Reader \(number)")
    }

    /// Ann wrote books 1 and 2, Bob book 3 (translated by Ann), Cid none. Readers 1 and 2 read book 1, reader 3
    /// book 2, reader 1 book 3.
    struct Library {
        var authors: [Author]
        var books: [Book]
        var readers: [Reader]

        var ann: Author { authors[0] }
        var bob: Author { authors[1] }
        var cid: Author { authors[2] }
    }

    static func library(_ engine: Engine) async throws -> Library {
        let authors = try await engine.db.insert([author("Ann"), author("Bob"), author("Cid")])
        let ann = try #require(authors[0].id)
        let bob = try #require(authors[1].id)
        var translated = book(3, authorID: bob)
        translated.translatorID = ann
        let books = try await engine.db.insert([book(1, authorID: ann), book(2, authorID: ann), translated])
        let readers = try await engine.db.insert((1...3).map(reader))
        try await (books[0].readers).attach(engine.db, [readers[0], readers[1]])
        try await (books[1].readers).attach(engine.db, [readers[2]])
        try await (books[2].readers).attach(engine.db, [readers[0]])
        return Library(authors: authors, books: books, readers: readers)
    }

    // MARK: Navigation

    @Test(arguments: Backend.allCases) func navigationFollowsEveryKind(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let library = try await Self.library(engine)
        let books = library.books
        #expect(try await (books[0].author).fetchOne(engine.db)?.name == "Ann")
        #expect(try await (books[0].translator).fetchOne(engine.db) == nil)
        #expect(try await (books[2].translator).fetchOne(engine.db)?.name == "Ann")
        #expect(try await library.ann.books.order(Book.title).fetchAll(engine.db).map(\.title) == ["Book 1", "Book 2"])
        #expect(try await library.ann.books.filter(Book.title == "Book 2").count(engine.db) == 1)
        #expect(try await library.ann.translations.fetchAll(engine.db).map(\.title) == ["Book 3"])
        #expect(try await library.cid.books.fetchAll(engine.db).isEmpty)
        #expect(try await library.ann.profile.fetchOne(engine.db) == nil)
        #expect(try await books[0].readers.order(Reader.name).fetchAll(engine.db).map(\.name) == ["Reader 1", "Reader 2"])
        #expect(try await (books[0].readers).count(engine.db) == 2)
        // The inverse relation reads the same join table.
        #expect(try await library.readers[0].books.order(Book.title).fetchAll(engine.db).map(\.title) == ["Book 1", "Book 3"])
        // An unsaved owner matches nothing.
        #expect(try await Self.author("Nobody").books.fetchAll(engine.db).isEmpty)
        try await engine.close()
    }

    // MARK: Eager loading

    @Test(arguments: Backend.allCases) func eagerLoadsToManyAndToOneInOneQueryPerLevel(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let library = try await Self.library(engine)

        let (authors, selects) = try await engine.selects {
            try await Self.mine.order(Author.name).including(Author.books.order(Book.title.desc)).fetchAll(engine.db)
        }
        #expect(authors.map(\.name) == ["Ann", "Bob", "Cid"])
        #expect(authors.map { $0.related.map(\.title) } == [["Book 2", "Book 1"], ["Book 3"], []])
        #expect(selects.count == 2, "authors, then every author's books at once: \(selects)")

        let isbns = library.books.map(\.isbn)
        let (books, bookSelects) = try await engine.selects {
            try await Book.filter(Book.isbn.in(isbns)).order(Book.isbn).including(Book.author).including(Book.translator).fetchAll(engine.db)
        }
        #expect(books.map(\.title) == ["Book 1", "Book 2", "Book 3"])
        #expect(books.map { $0.related.0.name } == ["Ann", "Ann", "Bob"])
        #expect(books.map { $0.related.1?.name } == [nil, nil, "Ann"])
        #expect(bookSelects.count == 3, "books, authors, translators: \(bookSelects)")

        let profile = AuthorProfile(biography: "Ann's", links: ["home": "https://ann.example"], authorID: try #require(library.ann.id))
        try await profile.insert(engine.db)
        let profiles = try await Self.mine.order(Author.name).including(Author.profile).fetchAll(engine.db)
        #expect(profiles.map { $0.related?.biography } == ["Ann's", nil, nil])

        // The relation's own filter applies to the loaded targets only.
        let filtered = try await Self.mine.order(Author.name).including(Author.books.filter(Book.title != "Book 1")).fetchAll(engine.db)
        #expect(filtered.map { $0.related.map(\.title) } == [["Book 2"], ["Book 3"], []])

        let first = try await Self.mine.order(Author.name.desc).including(Author.books).fetchOne(engine.db)
        #expect(first?.name == "Cid" && first?.related.isEmpty == true)
        let page = try await Self.mine.order(Author.name).including(Author.books.order(Book.title)).page(1, size: 2, in: engine.db)
        #expect(page.items.map { $0.related.count } == [2, 1])
        #expect(page.totalCount == 3)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func eagerLoadsManyToManyAndNestedLevels(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let library = try await Self.library(engine)

        let (authors, selects) = try await engine.selects {
            try await Self.mine.order(Author.name).including(Author.books.order(Book.title).including(Book.readers.order(Reader.name))).fetchAll(engine.db)
        }
        #expect(selects.count == 3, "authors, books, readers: \(selects)")
        #expect(authors.map { $0.related.map(\.title) } == [["Book 1", "Book 2"], ["Book 3"], []])
        #expect(authors[0].related.map { $0.related.map(\.name) } == [["Reader 1", "Reader 2"], ["Reader 3"]])
        #expect(authors[1].related.map { $0.related.map(\.name) } == [["Reader 1"]])

        // The inverse direction: a book read by several readers is fetched once, attached to each.
        let readerIDs = library.readers.compactMap(\.id)
        let readers = try await Reader.filter(Reader.id.in(readerIDs)).order(Reader.name).including(Reader.books.order(Book.title)).fetchAll(engine.db)
        #expect(readers.map { $0.related.map(\.title) } == [["Book 1", "Book 3"], ["Book 1"], ["Book 2"]])

        // Named results load the same way.
        let named = try await Self.mine.order(Author.name).including(AuthorWithBooks.self).fetchAll(engine.db)
        #expect(named.map(\.author.name) == ["Ann", "Bob", "Cid"])
        #expect(named.map { Set($0.books.map(\.title)) } == [["Book 1", "Book 2"], ["Book 3"], []])
        #expect(named.allSatisfy { $0.profile == nil })
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func eagerLoadsOrderedListsInListOrder(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let books = try await Self.library(engine).books
        let lists = try await engine.db.insert([ReadingList(title: "Rel summer"), ReadingList(title: "Rel winter")])
        try await (lists[0].books).attach(engine.db, [books[2], books[0]])
        try await (lists[0].books).insert(engine.db, books[1], at: .top)
        try await (lists[1].books).attach(engine.db, [books[1]])
        let loaded = try await ReadingList.filter(ReadingList.title.like("Rel %")).order(ReadingList.title).including(ReadingList.books).fetchAll(engine.db)
        #expect(loaded.map { $0.related.map(\.title) } == [["Book 2", "Book 3", "Book 1"], ["Book 2"]])
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func uuidKeysWithATextStorageLinkOnEveryEngine(_ backend: Backend) async throws {
        // SQLite stores these UUIDs as TEXT, PostgreSQL as UUID: relations bind each engine's own form.
        guard let engine = try await Engine.open(backend) else { return }
        let receipts = try await engine.db.insert([
            Receipt(code: UUID(), issuedOn: Date(timeIntervalSince1970: 1_700_000_000)),
            Receipt(code: UUID(), issuedOn: Date(timeIntervalSince1970: 1_700_086_400)),
        ])
        func payment(_ memo: String, _ receipt: Receipt?) -> Payment {
            Payment(paidAt: Date(timeIntervalSince1970: 1_700_000_000), reference: UUID(), memo: memo, receiptID: receipt?.code)
        }
        let payments = try await engine.db.insert([
            payment("a", receipts[0]), payment("b", receipts[1]), payment("c", receipts[0]), payment("d", nil),
        ])
        #expect(try await (payments[1].receipt).fetchOne(engine.db)?.code == receipts[1].code)
        #expect(try await (receipts[0].payments).count(engine.db) == 2)

        let codes = receipts.map(\.code)
        let loaded = try await Receipt.filter(Receipt.code.in(codes)).order(Receipt.issuedOn).including(Receipt.payments.order(Payment.memo)).fetchAll(engine.db)
        #expect(loaded.map { $0.related.map(\.memo) } == [["a", "c"], ["b"]])
        let ids = payments.compactMap(\.id)
        let withReceipts = try await Payment.filter(Payment.id.in(ids)).order(Payment.memo).including(Payment.receipt).fetchAll(engine.db)
        #expect(withReceipts.map { $0.related?.code } == [receipts[0].code, receipts[1].code, receipts[0].code, nil])

        var third = Receipt(code: UUID(), issuedOn: Date(timeIntervalSince1970: 1_700_172_800))
        let saved = try await third.save(engine.db, with: Receipt.payments.saving([payment("e", nil)]))
        #expect(saved.map(\.receiptID) == [third.code])
        #expect(try await third.payments.fetchAll(engine.db).map(\.memo) == ["e"])
        try await engine.close()
    }

    // MARK: Graph saves

    @Test(arguments: Backend.allCases) func graphSaveStoresTheOwnerThenItsChildrenWithKeys(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let readers = try await engine.db.insert([Self.reader(1), Self.reader(2)])
        var dee = Self.author("Dee")
        let (novels, poems, profile) = try await dee.save(engine.db, with: Author.books.saving([Self.book(1), Self.book(2)]), Author.books.saving(Self.book(3, title: "Poems"), with: Book.readers.saving(readers + [Self.reader(3)])), Author.profile.saving { authorID in AuthorProfile(biography: "Dee's", links: [:], authorID: authorID) })
        let id = try #require(dee.id)
        #expect(novels.map(\.authorID) == [id, id])
        #expect(poems.record.authorID == id && poems.related.allSatisfy { $0.id != nil })
        #expect(profile.authorID == id)

        #expect(try await dee.books.count(engine.db) == 3)
        #expect(try await poems.record.readers.order(Reader.name).fetchAll(engine.db).map(\.name) == ["Reader 1", "Reader 2", "Reader 3"])
        #expect(try await dee.profile.fetchOne(engine.db)?.biography == "Dee's")

        // Children built from the owner's key; an existing child is updated.
        var vetch = Self.reader(4)
        let lists = try await vetch.save(engine.db, with: Reader.readingLists.saving { ownerID in [ReadingList(title: "Later", ownerID: ownerID)] })
        #expect(lists.map(\.ownerID) == [vetch.id] && lists[0].id != nil)
        var renamed = novels[0]
        renamed.title = "Renamed"
        try await dee.save(engine.db, with: Author.books.saving(renamed))
        #expect(try await dee.books.count(engine.db) == 3)
        #expect(try await Book.find(engine.db, renamed.isbn)?.title == "Renamed")
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func aFailingChildRollsBackTheWholeGraph(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let authorsBefore = try await Author.all().count(engine.db)
        let booksBefore = try await Book.all().count(engine.db)

        // The second book breaks `copies >= 0`: the author and the first book go too.
        var eve = Self.author("Eve")
        await #expect(throws: DatabaseError.self) {
            try await eve.save(engine.db, with: Author.books.saving([Self.book(1), Self.book(2, copies: -1)]))
        }
        #expect(eve.id == nil)
        #expect(try await Author.all().count(engine.db) == authorsBefore)
        #expect(try await Book.all().count(engine.db) == booksBefore)

        // Deeper: a reader whose card number is taken fails after the book and the first reader were saved.
        let taken = try await engine.db.insert([Self.reader(1)])[0]
        var duplicate = Self.reader(2)
        duplicate.cardNumber = taken.cardNumber
        let readersBefore = try await Reader.all().count(engine.db)
        await #expect(throws: DatabaseError.self) {
            try await eve.save(engine.db, with: Author.books.saving(Self.book(3), with: Book.readers.saving([Self.reader(3), duplicate])))
        }
        #expect(eve.id == nil)
        #expect(try await Author.all().count(engine.db) == authorsBefore)
        #expect(try await Book.all().count(engine.db) == booksBefore)
        #expect(try await Reader.all().count(engine.db) == readersBefore)

        // Inside an open transaction the failed graph is undone alone; the transaction goes on and commits.
        let failure = try await engine.db.transaction { tx -> String? in
            var fay = Self.author("Fay")
            var failure: String?
            do { try await fay.save(tx, with: Author.books.saving([Self.book(4, copies: -1)])) } catch { failure = "\(type(of: error))" }
            var gus = Self.author("Gus")
            try await gus.insert(tx)
            return failure
        }
        #expect(failure == "DatabaseError")
        #expect(try await Self.mine.order(Author.name).fetchAll(engine.db).map(\.name) == ["Gus"])
        #expect(try await Book.all().count(engine.db) == booksBefore)
        try await engine.close()
    }

    // MARK: Many-to-many

    @Test(arguments: Backend.allCases) func manyToManyAttachDetachSetCount(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let library = try await Self.library(engine)
        let book = library.books[1]
        let readers = library.readers
        #expect(try await book.readers.fetchAll(engine.db).map(\.name) == ["Reader 3"])

        try await book.readers.attach(engine.db, [readers[0], readers[2], readers[0]])  // members and repeats: linked once
        #expect(try await book.readers.order(Reader.name).fetchAll(engine.db).map(\.name) == ["Reader 1", "Reader 3"])
        #expect(try await book.readers.count(engine.db) == 2)

        try await book.readers.detach(engine.db, [readers[2], readers[1]])  // a non-member is ignored
        #expect(try await book.readers.fetchAll(engine.db).map(\.name) == ["Reader 1"])

        try await book.readers.set(engine.db, [readers[1], readers[2]])
        #expect(try await book.readers.order(Reader.name).fetchAll(engine.db).map(\.name) == ["Reader 2", "Reader 3"])
        try await book.readers.set(engine.db, [])
        #expect(try await book.readers.count(engine.db) == 0)
        // Other books keep their readers.
        #expect(try await (library.books[0].readers).count(engine.db) == 2)

        await #expect {
            try await book.readers.attach(engine.db, [Self.reader(9)])
        } throws: { error in
            (error as? DatabaseError)?.kind == .misuse
        }
        await #expect {
            try await ReadingList(title: "Unsaved").books.attach(engine.db, [book])
        } throws: { error in
            (error as? DatabaseError)?.kind == .misuse
        }
        var stranger = Self.reader(8)
        stranger.id = 987_654
        await #expect {
            try await book.readers.attach(engine.db, [stranger])
        } throws: { error in
            (error as? DatabaseError)?.isForeignKeyViolation == true
        }
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func orderedListsInsertMoveRemoveAndSet(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let books = try await Self.library(engine).books + engine.db.insert([Self.book(4, authorID: Self.anyAuthor(engine))])
        var list = ReadingList(title: "Rel list")
        try await list.insert(engine.db)
        func titles() async throws -> [String] { try await list.books.fetchAll(engine.db).map(\.title) }

        try await list.books.insert(engine.db, books[0])               // [1]
        try await list.books.insert(engine.db, books[1], at: .bottom)  // [1, 2]
        try await list.books.insert(engine.db, books[2], at: .top)     // [3, 1, 2]
        try await list.books.attach(engine.db, [books[3], books[0]])   // [3, 1, 2, 4]: a member stays where it is
        #expect(try await titles() == ["Book 3", "Book 1", "Book 2", "Book 4"])

        try await list.books.move(engine.db, books[3], to: 1)          // [3, 4, 1, 2]
        #expect(try await titles() == ["Book 3", "Book 4", "Book 1", "Book 2"])
        try await list.books.move(engine.db, books[2], to: 99)         // clamped: [4, 1, 2, 3]
        #expect(try await titles() == ["Book 4", "Book 1", "Book 2", "Book 3"])
        try await list.books.move(engine.db, books[1], to: -5)         // clamped: [2, 4, 1, 3]
        #expect(try await titles() == ["Book 2", "Book 4", "Book 1", "Book 3"])
        try await list.books.insert(engine.db, books[2], at: .top)     // a member moves: [3, 2, 4, 1]
        #expect(try await titles() == ["Book 3", "Book 2", "Book 4", "Book 1"])

        try await list.books.remove(engine.db, books[3])               // [3, 2, 1]
        #expect(try await titles() == ["Book 3", "Book 2", "Book 1"])
        await #expect {
            try await list.books.move(engine.db, books[3], to: 0)
        } throws: { error in
            (error as? DatabaseError)?.kind == .misuse
        }

        try await list.books.set(engine.db, [books[1], books[3], books[0]])
        #expect(try await titles() == ["Book 2", "Book 4", "Book 1"])
        #expect(try await list.books.order(Book.title).fetchAll(engine.db).map(\.title) == ["Book 1", "Book 2", "Book 4"])
        #expect(try await list.books.count(engine.db) == 3)
        try await engine.close()
    }

    /// The key of an author of the library (Cid's).
    static func anyAuthor(_ engine: Engine) async throws -> Int64 {
        try #require(try await mine.order(Author.name.desc).fetchOne(engine.db)?.id)
    }
}
