import ExampleModels
import ORMKit
import Testing

/// Named eager-loading results: the structs `ormgen` generates from `results:` in schema/authors.yaml and
/// schema/books.yaml (`AuthorWithBooks`, `AuthorCatalog`, `BookWithReaders`, `BookDetails`).
@Suite struct NamedResultTests {
    /// `authorCount` authors with two books each; every book has readers 1 and 2; author 1 has a profile and
    /// translated the books of author 2.
    private func library(authors authorCount: Int) throws -> LibraryDatabase {
        let library = try LibraryDatabase()
        try library.db.write { conn in
            let readers = try Reader.insert(conn, contentsOf: [Sample.reader(1), Sample.reader(2)])
            var authorIDs: [Int64] = []
            for number in 1...authorCount {
                var author = Sample.author(number)
                try author.insert(conn)
                authorIDs.append(try #require(author.id))
            }
            try AuthorProfile(biography: "first", links: [:], authorID: authorIDs[0]).insert(conn)
            for (index, authorID) in authorIDs.enumerated() {
                for book in 0..<2 {
                    var book = Sample.book((index + 1) * 100 + book, authorID: authorID)
                    if index == 1 { book.translatorID = authorIDs[0] }
                    try book.insert(conn)
                    try book.readers.attach(conn, readers)
                }
            }
        }
        return library
    }

    @Test func labelledPropertiesForEachRelation() async throws {
        let library = try library(authors: 3)
        let authors: [AuthorWithBooks] = try await Author.order(Author.name).including(AuthorWithBooks.self).fetchAll(library.db)
        #expect(authors.map(\.name) == ["Author 1", "Author 2", "Author 3"])   // reads through to the author
        #expect(authors.map(\.author.name) == authors.map(\.name))
        #expect(authors.map { $0.books.map(\.isbn) } == [
            [Sample.isbn(100), Sample.isbn(101)], [Sample.isbn(200), Sample.isbn(201)], [Sample.isbn(300), Sample.isbn(301)],
        ])
        #expect(authors.map(\.profile?.biography) == ["first", nil, nil])
        // The same records as the unlabelled form.
        let related = try await Author.order(Author.name).including(Author.books).including(Author.profile).fetchAll(library.db)
        #expect(authors == related.map { AuthorWithBooks(author: $0.record, books: $0.related.0, profile: $0.related.1) })
    }

    @Test func nestedResultsToAnyDepth() async throws {
        let library = try library(authors: 2)
        let catalog = try await AuthorCatalog.all().order(Author.name).fetchAll(library.db)
        #expect(catalog.map(\.name) == ["Author 1", "Author 2"])
        #expect(catalog[0].books.map(\.book.isbn) == [Sample.isbn(100), Sample.isbn(101)])
        #expect(catalog[0].books.map { $0.readers.map(\.name) } == [["Reader 1", "Reader 2"], ["Reader 1", "Reader 2"]])
        #expect(catalog[0].translations.map(\.isbn) == [Sample.isbn(200), Sample.isbn(201)])
        #expect(catalog[1].translations.isEmpty)

        // belongsTo (required, as a result), optional belongsTo, and a missing optional parent.
        let details = try await Book.order(Book.isbn).including(BookDetails.self).fetchAll(library.db)
        #expect(details.map(\.author.name) == ["Author 1", "Author 1", "Author 2", "Author 2"])
        #expect(details.map(\.author.books.count) == [2, 2, 2, 2])
        #expect(details[0].author.profile?.biography == "first")
        #expect(details.map(\.translator?.name) == [nil, nil, "Author 1", "Author 1"])
        #expect(details.allSatisfy { $0.series == nil })
    }

    @Test func statementCountsDoNotGrowWithTheRecords() async throws {
        var counts: [Int] = []
        for authors in [10, 100] {
            let library = try library(authors: authors)
            let (catalog, statements) = try await library.countingStatements {
                try await Author.all().including(AuthorCatalog.self).fetchAll(library.db)
            }
            #expect(catalog.count == authors)
            #expect(catalog.allSatisfy { $0.books.count == 2 && $0.books.allSatisfy { $0.readers.count == 2 } })
            counts.append(statements.filter { $0.hasPrefix("SELECT") }.count)
        }
        // Authors, their books, the books' readers, their translations: one query each.
        #expect(counts == [4, 4])
    }

    @Test func filterOrderLimitPageAndCount() async throws {
        let library = try library(authors: 7)
        let request = Author.filter(Author.name != "Author 7").order(Author.name.desc).including(AuthorWithBooks.self)
        #expect(try await request.count(library.db) == 6)
        #expect(try await request.limit(2, offset: 1).fetchAll(library.db).map(\.name) == ["Author 5", "Author 4"])
        #expect(try await request.fetchOne(library.db)?.books.count == 2)
        #expect(try await request.filter(Author.name == "nobody").fetchOne(library.db) == nil)
        let page = try await request.page(2, size: 4, in: library.db)
        #expect(page.items.map(\.name) == ["Author 2", "Author 1"])
        #expect(page.items.map(\.books.count) == [2, 2])
        #expect(page.totalCount == 6 && page.pageCount == 2 && !page.hasNextPage)
        #expect(try await AuthorWithBooks.fetchAll(library.db).count == 7)
        await #expect(throws: DatabaseError.self) { try await request.page(1, size: 0, in: library.db) }
    }
}
