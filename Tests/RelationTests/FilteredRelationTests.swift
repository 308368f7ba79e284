import ExampleModels
import ORMKit
import Testing

/// `relation.filter(…).order(…)`: eager loading, navigation, joins and `any` see only the matching targets,
/// in the given order.
@Suite struct FilteredRelationTests {
    /// `authorCount` authors; each has books "C", "A" (science) and "B" (poetry), inserted in that order, and
    /// every book is read by readers 2 then 1 (attached in that order).
    private func library(authors authorCount: Int) throws -> LibraryDatabase {
        let library = try LibraryDatabase()
        try library.db.write { conn in
            let readers = try Reader.insert(conn, contentsOf: [Sample.reader(1), Sample.reader(2)])
            for number in 1...authorCount {
                var author = Sample.author(number)
                try author.insert(conn)
                let authorID = try #require(author.id)
                for (index, (title, genre)) in [("C", Book.Genre.science), ("A", .science), ("B", .poetry)].enumerated() {
                    let book = Sample.book(number * 10 + index, authorID: authorID, genre: genre, title: title)
                    try book.insert(conn)
                    try book.readers.attach(conn, [readers[1], readers[0]])
                }
            }
        }
        return library
    }

    @Test func eagerLoadingFiltersAndOrdersChildren() async throws {
        let library = try library(authors: 3)
        let authors = try await Author.order(Author.name)
            .including(Author.books.filter(Book.genre == .science).order(Book.title))
            .fetchAll(library.db)
        #expect(authors.map(\.name) == ["Author 1", "Author 2", "Author 3"])
        #expect(authors.map { $0.related.map(\.title) } == [["A", "C"], ["A", "C"], ["A", "C"]])
        let descending = try await Author.including(Author.books.order(Book.title.desc)).fetchAll(library.db)
        #expect(descending.allSatisfy { $0.related.map(\.title) == ["C", "B", "A"] })
    }

    @Test func statementCountDoesNotGrowWithOwners() async throws {
        var counts: [Int] = []
        for authorCount in [2, 20] {
            let library = try library(authors: authorCount)
            let (authors, statements) = try await library.countingStatements {
                try await Author.all()
                    .including(Author.books.filter(Book.genre == .science).order(Book.title)
                        .including(Book.readers.order(Reader.name)))
                    .fetchAll(library.db)
            }
            #expect(authors.count == authorCount)
            #expect(authors.allSatisfy { $0.related.map(\.title) == ["A", "C"] })
            #expect(authors.allSatisfy { $0.related.allSatisfy { $0.related.map(\.name) == ["Reader 1", "Reader 2"] } })
            counts.append(statements.filter { $0.hasPrefix("SELECT") }.count)
        }
        #expect(counts == [3, 3])  // authors, books, readers
    }

    @Test func manyToManyOrderReplacesInsertionOrder() async throws {
        let library = try library(authors: 1)
        let books = try await Book.order(Book.title)
            .including(Book.readers.filter(Reader.name != "Reader 2").order(Reader.name))
            .fetchAll(library.db)
        #expect(books.map { $0.related.map(\.name) } == [["Reader 1"], ["Reader 1"], ["Reader 1"]])
        let all = try await Book.including(Book.readers.order(Reader.name.desc)).fetchAll(library.db)
        #expect(all.allSatisfy { $0.related.map(\.name) == ["Reader 2", "Reader 1"] })
    }

    @Test func navigationJoinsAndAnyUseTheFilter() async throws {
        let library = try library(authors: 2)
        let db = library.db
        let science = Author.books.filter(Book.genre == .science).order(Book.title)
        let author = try #require(try await Author.order(Author.name).fetchOne(db))
        #expect(try await science.request(for: author).fetchAll(db).map(\.title) == ["A", "C"])
        #expect(try await Author.filter(Author.books.filter(Book.genre == .history).any()).count(db) == 0)
        #expect(try await Author.filter(science.any(Book.title == "C")).count(db) == 2)
        #expect(try await Author.filter(science.any(Book.title == "B")).count(db) == 0)
        // A filtered join keeps only the matching targets, also when the table is aliased.
        #expect(try await Author.joining(science).count(db) == 4)
        let poetry = Reader.books.filter(Book.genre == .poetry)
        #expect(try await Reader.joining(poetry).filter(Reader.name == "Reader 1").select(Book.title).fetchAll(db) == ["B", "B"])
        // Author 2 translated Author 1's "A"; the translator filter names the aliased table, not the author's.
        let second = try await #require(try Author.filter(Author.name == "Author 2").fetchOne(db))
        let firstID = try #require(author.id)
        try await Book.filter(Book.title == "A" && Book.authorID == firstID).updateAll(db, Book.translatorID.set(to: second.id))
        let bySecond = Book.translator.filter(Author.name == "Author 2")
        let translated = Book.joining(Book.author).joining(bySecond)
        #expect(try await translated.filter(Author.name == "Author 1").select(Book.title).fetchAll(db) == ["A"])
        #expect(try await Book.joining(Book.author).joining(Book.translator.filter(Author.name == "Author 1")).count(db) == 0)
        // Joining a relation again with a filter keeps the filter.
        #expect(try await Book.joining(Book.translator).joining(bySecond).count(db) == 1)
        #expect(try await Book.joining(Book.translator).joining(Book.translator.filter(Author.name == "Author 1")).count(db) == 0)
    }
}
