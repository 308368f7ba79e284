import ExampleModels
@_spi(Testing) import ORMKit
import Testing

@Suite struct EagerLoadingTests {
    /// `authorCount` authors with `booksPerAuthor` books each; every book has readers 1 and 2.
    private func library(authors authorCount: Int, booksPerAuthor: Int = 3) throws -> LibraryDatabase {
        let library = try LibraryDatabase()
        try library.db.write { conn in
            let readers = try Reader.insert(conn, contentsOf: [Sample.reader(1), Sample.reader(2)])
            for number in 1...authorCount {
                var author = Sample.author(number)
                try author.insert(conn)
                let authorID = try #require(author.id)
                for index in 0..<booksPerAuthor {
                    let book = Sample.book(number * 100 + index, authorID: authorID)
                    try book.insert(conn)
                    try book.readers.attach(conn, readers)
                }
            }
        }
        return library
    }

    @Test func hasManyAttachesEachOwnersChildren() async throws {
        let library = try library(authors: 3, booksPerAuthor: 2)
        var lonely = Sample.author(99)
        try await lonely.insert(library.db)
        let authors = try await Author.order(Author.name).including(Author.books).fetchAll(library.db)
        #expect(authors.map(\.name) == ["Author 1", "Author 2", "Author 3", "Author 99"])
        #expect(authors.map { $0.related.map(\.isbn).sorted() } == [
            [Sample.isbn(100), Sample.isbn(101)], [Sample.isbn(200), Sample.isbn(201)],
            [Sample.isbn(300), Sample.isbn(301)], [],
        ])
        for author in authors {
            #expect(author.related.allSatisfy { $0.authorID == author.id })
        }
    }

    @Test func pagesAndCountsOfAnIncludingRequest() async throws {
        let library = try library(authors: 7, booksPerAuthor: 2)
        let request = Author.order(Author.name).including(Author.books)
        #expect(try await request.count(library.db) == 7)
        let (page, statements) = try await library.countingStatements { try await request.page(2, size: 3, in: library.db) }
        #expect(page.items.map(\.name) == ["Author 4", "Author 5", "Author 6"])
        #expect(page.items.map(\.related.count) == [2, 2, 2])
        #expect(page.totalCount == 7 && page.pageCount == 3 && page.hasNextPage)
        // A count, the page's authors, one query for their books (plus the savepoint's own statements).
        #expect(statements.filter { $0.hasPrefix("SELECT") }.count == 3)
        await #expect(throws: DatabaseError.self) { try await request.page(0, size: 3, in: library.db) }
    }

    @Test func belongsToRequiredAndOptional() async throws {
        let library = try library(authors: 2, booksPerAuthor: 2)
        let db = library.db
        var translator = Sample.author(50)
        try await translator.insert(db)
        try await Book.filter(Book.isbn == Sample.isbn(100)).updateAll(db, Book.translatorID.set(to: translator.id))

        let books: [Related<Book, Author>] = try await Book.order(Book.isbn).including(Book.author).fetchAll(db)
        #expect(books.map(\.related.name) == ["Author 1", "Author 1", "Author 2", "Author 2"])

        let translated: [Related<Book, Author?>] = try await Book.order(Book.isbn).including(Book.translator).fetchAll(db)
        #expect(translated.map { $0.related?.name } == ["Author 50", nil, nil, nil])
    }

    @Test func hasOneAndFilteredOwners() async throws {
        let library = try library(authors: 2, booksPerAuthor: 1)
        let db = library.db
        let first = try await #require(try Author.filter(Author.name == "Author 1").fetchOne(db))
        let profile = AuthorProfile(biography: "First", links: ["web": "example.org"], authorID: try #require(first.id))
        try await profile.insert(db)

        let authors: [Related<Author, AuthorProfile?>] = try await Author.order(Author.name).including(Author.profile).fetchAll(db)
        #expect(authors.map { $0.related?.biography } == ["First", nil])
        let one = try await Author.filter(Author.name == "Author 2").including(Author.profile).fetchOne(db)
        #expect(one?.name == "Author 2")
        #expect(one?.related == nil)
    }

    /// A many-to-many level something is nested under, whose targets are shared: every book lists both readers, each
    /// with its own books (the nested level keeps each reader once for the level below; the plain level below gives
    /// each reader its list), in one query per level.
    @Test func aSharedTargetOfANestedManyToManyLevelReachesEveryOwner() async throws {
        let library = try library(authors: 2, booksPerAuthor: 2)
        let db = library.db
        let (books, statements) = try await library.countingStatements {
            try await Book.order(Book.isbn).including(Book.readers.order(Reader.name).including(Reader.books.order(Book.isbn))).fetchAll(db)
        }
        let isbns = books.map(\.isbn)
        #expect(isbns.count == 4)
        for book in books {
            #expect(book.related.map(\.record.name) == ["Reader 1", "Reader 2"])
            #expect(book.related.allSatisfy { $0.related.map(\.isbn) == isbns })
        }
        #expect(statements.filter { $0.hasPrefix("SELECT") }.count == 3)  // books, their readers, the readers' books
    }

    @Test func manyToManyAndOrderedLists() async throws {
        let library = try library(authors: 1, booksPerAuthor: 3)
        let db = library.db
        let books = try await Book.order(Book.isbn).fetchAll(db)
        var summer = ReadingList(title: "Summer")
        try await summer.insert(db)
        var empty = ReadingList(title: "Empty")
        try await empty.insert(db)
        try await summer.books.set(db, [books[2], books[0], books[1]])

        let lists = try await ReadingList.order(ReadingList.title).including(ReadingList.books).fetchAll(db)
        #expect(lists.map(\.title) == ["Empty", "Summer"])
        #expect(lists[0].related.isEmpty)
        #expect(lists[1].related.map(\.isbn) == [books[2].isbn, books[0].isbn, books[1].isbn])

        let withReaders = try await Book.order(Book.isbn).including(Book.readers).fetchAll(db)
        #expect(withReaders.allSatisfy { Set($0.related.map(\.name)) == ["Reader 1", "Reader 2"] })
    }

    @Test func severalRelationsAtOneLevel() async throws {
        let library = try library(authors: 2, booksPerAuthor: 2)
        let db = library.db
        let first = try await #require(try Author.filter(Author.name == "Author 1").fetchOne(db))
        let profile = AuthorProfile(biography: "First", links: [:], authorID: try #require(first.id))
        try await profile.insert(db)
        let (authors, statements) = try await library.countingStatements {
            try await Author.order(Author.name)
                .including(Author.books.including(Book.readers))
                .including(Author.profile)
                .fetchAll(db)
        }
        #expect(authors.map { $0.related.0.count } == [2, 2])
        #expect(authors.map { $0.related.1?.biography } == ["First", nil])
        #expect(authors[0].related.0.allSatisfy { $0.related.count == 2 })
        #expect(statements.filter { $0.hasPrefix("SELECT") }.count == 4)
    }

    @Test func nestedTwoLevels() async throws {
        let library = try library(authors: 2, booksPerAuthor: 2)
        let authors: [Related<Author, [Related<Book, [Reader]>]>] = try await Author.order(Author.name)
            .including(Author.books.including(Book.readers))
            .fetchAll(library.db)
        #expect(authors.count == 2)
        #expect(authors.allSatisfy { $0.related.count == 2 })
        #expect(authors.allSatisfy { $0.related.allSatisfy { Set($0.related.map(\.name)) == ["Reader 1", "Reader 2"] } })
        #expect(authors[1].related.map(\.record.isbn).sorted() == [Sample.isbn(200), Sample.isbn(201)])

        // Through a required belongsTo: books → author → profile.
        let books: [Related<Book, Related<Author, AuthorProfile?>>] = try await Book.order(Book.isbn)
            .including(Book.author.including(Author.profile))
            .fetchAll(library.db)
        #expect(books.map(\.related.record.name) == ["Author 1", "Author 1", "Author 2", "Author 2"])
        #expect(books.allSatisfy { $0.related.related == nil })
    }

    /// Statements run by a nested eager load of `authorCount` authors.
    private func statementsForNestedLoad(authors authorCount: Int) async throws -> [String] {
        let library = try library(authors: authorCount)
        let (authors, statements) = try await library.countingStatements {
            try await Author.all()
                .including(Author.books.including(Book.readers))
                .fetchAll(library.db)
        }
        #expect(authors.count == authorCount)
        #expect(authors.allSatisfy { $0.related.count == 3 && $0.related.allSatisfy { $0.related.count == 2 } })
        return statements
    }

    @Test func statementCountDoesNotGrowWithParents() async throws {
        let ten = try await statementsForNestedLoad(authors: 10)
        let hundred = try await statementsForNestedLoad(authors: 100)
        #expect(ten.count == hundred.count)
        // SAVEPOINT, authors, books IN (…), readers IN (…), RELEASE.
        #expect(ten.filter { $0.hasPrefix("SELECT") }.count == 3)
    }

    @Test func keyListsArePaddedSoStatementShapesRepeat() async throws {
        let library = try library(authors: 8, booksPerAuthor: 1)
        var shapes = Set<String>()
        for count in 5...8 {
            let (authors, statements) = try await library.countingStatements {
                try await Author.order(Author.name).limit(count).including(Author.books).fetchAll(library.db)
            }
            #expect(authors.count == count)
            #expect(authors.allSatisfy { $0.related.count == 1 })
            shapes.formUnion(statements.filter { $0.contains("FROM \"books\"") })
        }
        #expect(shapes.count == 1)  // 5, 6, 7 and 8 keys all bind 8 parameters
    }

    @Test func integerKeysAndFilteredKeysRenderTheSameKeyList() async throws {
        let library = try library(authors: 3, booksPerAuthor: 1)
        let db = library.db
        let (plain, plainStatements) = try await library.countingStatements {
            try await Author.order(Author.name).including(Author.books.order(Book.isbn)).fetchAll(db)
        }
        let (filtered, filteredStatements) = try await library.countingStatements {
            try await Author.order(Author.name).including(Author.books.filter(Book.isbn != "").order(Book.isbn)).fetchAll(db)
        }
        #expect(plain.map { $0.related.map(\.isbn) } == filtered.map { $0.related.map(\.isbn) })
        let keyList = "(\"books\".\"author_id\" IN (?, ?, ?, ?))"  // three keys padded to four
        let plainBooks = try #require(plainStatements.first { $0.contains("FROM \"books\"") })
        let filteredBooks = try #require(filteredStatements.first { $0.contains("FROM \"books\"") })
        #expect(plainBooks.hasSuffix(" WHERE \(keyList) ORDER BY \"books\".\"isbn\" ASC"))
        #expect(filteredBooks.contains(" WHERE (\(keyList) AND "))
        #expect(plainBooks.prefix(while: { $0 != "W" }) == filteredBooks.prefix(while: { $0 != "W" }))
    }

    @Test func loadsInsideAReadTransaction() throws {
        let library = try library(authors: 2, booksPerAuthor: 2)
        let authors = try library.db.read { conn in
            try Author.order(Author.name).including(Author.books.including(Book.readers)).fetchAll(conn)
        }
        #expect(authors.map { $0.related.count } == [2, 2])
    }

    @Test func keysBeyondTheVariableLimitAreChunked() async throws {
        let library = try library(authors: 25, booksPerAuthor: 1)
        let db = library.db
        // One read closure: the limit is set on the connection the loading then uses (a reader).
        let (authors, statements) = try await library.countingStatements {
            try await db.read { conn in
                #expect(conn.maximumBoundVariables >= 999)
                conn.limitBoundVariables(to: 10)
                #expect(conn.maximumBoundVariables == 10)
                return try Author.order(Author.name).including(Author.books.including(Book.readers)).fetchAll(conn)
            }
        }
        #expect(authors.count == 25)
        #expect(authors.allSatisfy { author in author.related.map(\.authorID) == [author.id] && author.related[0].related.count == 2 })
        // 25 keys in chunks of at most 10: three books queries and three readers queries.
        #expect(statements.filter { $0.hasPrefix("SELECT") && !$0.contains("JOIN") && $0.contains("FROM \"books\"") }.count == 3)
        #expect(statements.filter { $0.hasPrefix("SELECT") && $0.contains("JOIN \"book_readers\"") }.count == 3)
    }
}
