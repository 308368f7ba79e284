import ExampleModels
import ORMKit
import Testing

@Suite struct NavigationTests {
    @Test func belongsToFetchesTheParent() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ann = Sample.author(1)
        try await ann.insert(db)
        let authorID = try #require(ann.id)
        let book = Sample.book(1, authorID: authorID)
        try await book.insert(db)

        let author = try await book.author.fetchOne(db)
        #expect(author?.name == "Author 1")
        #expect(author?.id == authorID)
    }

    @Test func optionalBelongsToIsNilWithoutParent() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ann = Sample.author(1)
        try await ann.insert(db)
        var translator = Sample.author(2)
        try await translator.insert(db)
        let untranslated = Sample.book(1, authorID: try #require(ann.id))
        try await untranslated.insert(db)
        var translated = Sample.book(2, authorID: try #require(ann.id))
        translated.translatorID = translator.id
        try await translated.insert(db)

        #expect(try await untranslated.translator.fetchOne(db) == nil)
        #expect(try await translated.translator.fetchOne(db)?.name == "Author 2")
    }

    @Test func hasManyIsAComposableRequest() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ann = Sample.author(1)
        try await ann.insert(db)
        var bob = Sample.author(2)
        try await bob.insert(db)
        let annID = try #require(ann.id)
        try await Book.insert(db, contentsOf: [
            Sample.book(1, authorID: annID, genre: .science, title: "Cosmos"),
            Sample.book(2, authorID: annID, genre: .science, title: "Atoms"),
            Sample.book(3, authorID: annID, genre: .poetry, title: "Odes"),
            Sample.book(4, authorID: try #require(bob.id), genre: .science, title: "Other"),
        ])

        let science = try await ann.books.filter(Book.genre == .science).order(Book.title).fetchAll(db)
        #expect(science.map(\.title) == ["Atoms", "Cosmos"])
        #expect(try await ann.books.count(db) == 3)
        #expect(try await ann.books.filter(Book.genre == .science).count(db) == 2)
        let page = try await ann.books.order(Book.title).page(2, size: 2, in: db)
        #expect(page.items.map(\.title) == ["Odes"])
        #expect(page.totalCount == 3)
        #expect(try await Sample.author(9).books.fetchAll(db).isEmpty)  // unsaved owner: no rows
    }

    @Test func hasOneFetchesTheChild() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ann = Sample.author(1)
        try await ann.insert(db)
        #expect(try await ann.profile.fetchOne(db) == nil)
        let profile = AuthorProfile(biography: "Poet", links: [:], authorID: try #require(ann.id))
        try await profile.insert(db)
        #expect(try await ann.profile.fetchOne(db)?.biography == "Poet")
        #expect(try await profile.author.fetchOne(db)?.id == ann.id)
    }

    @Test func selfRelationNavigatesAndEagerLoads() async throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ged = Sample.reader(1)
        try await ged.insert(db)
        var tenar = Sample.reader(2)
        tenar.referrerID = ged.id
        try await tenar.insert(db)

        #expect(try await tenar.referrer.fetchOne(db)?.name == "Reader 1")
        #expect(try await ged.referrer.fetchOne(db) == nil)
        let readers = try await Reader.order(Reader.name).including(Reader.referrer).fetchAll(db)
        #expect(readers.map { $0.related?.name } == [nil, "Reader 1"])
    }
}
