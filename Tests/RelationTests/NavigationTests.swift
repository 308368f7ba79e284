import ExampleModels
import ORMKit
import Testing

@Suite struct NavigationTests {
    @Test func belongsToFetchesTheParent() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ann = Sample.author(1)
        try ann.insert(db)
        let authorID = try #require(ann.id)
        let book = Sample.book(1, authorID: authorID)
        try book.insert(db)

        let author = try book.author.fetchOne(db)
        #expect(author?.name == "Author 1")
        #expect(author?.id == authorID)
    }

    @Test func optionalBelongsToIsNilWithoutParent() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ann = Sample.author(1)
        try ann.insert(db)
        var translator = Sample.author(2)
        try translator.insert(db)
        let untranslated = Sample.book(1, authorID: try #require(ann.id))
        try untranslated.insert(db)
        var translated = Sample.book(2, authorID: try #require(ann.id))
        translated.translatorID = translator.id
        try translated.insert(db)

        #expect(try untranslated.translator.fetchOne(db) == nil)
        #expect(try translated.translator.fetchOne(db)?.name == "Author 2")
    }

    @Test func hasManyIsAComposableRequest() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ann = Sample.author(1)
        try ann.insert(db)
        var bob = Sample.author(2)
        try bob.insert(db)
        let annID = try #require(ann.id)
        try Book.insert(db, contentsOf: [
            Sample.book(1, authorID: annID, genre: .science, title: "Cosmos"),
            Sample.book(2, authorID: annID, genre: .science, title: "Atoms"),
            Sample.book(3, authorID: annID, genre: .poetry, title: "Odes"),
            Sample.book(4, authorID: try #require(bob.id), genre: .science, title: "Other"),
        ])

        let science = try ann.books.filter(Book.genre == .science).order(Book.title).fetchAll(db)
        #expect(science.map(\.title) == ["Atoms", "Cosmos"])
        #expect(try ann.books.count(db) == 3)
        #expect(try ann.books.filter(Book.genre == .science).count(db) == 2)
        let page = try ann.books.order(Book.title).page(2, size: 2, in: db)
        #expect(page.items.map(\.title) == ["Odes"])
        #expect(page.totalCount == 3)
        #expect(try Sample.author(9).books.fetchAll(db).isEmpty)  // unsaved owner: no rows
    }

    @Test func hasOneFetchesTheChild() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ann = Sample.author(1)
        try ann.insert(db)
        #expect(try ann.profile.fetchOne(db) == nil)
        let profile = AuthorProfile(biography: "Poet", links: [:], authorID: try #require(ann.id))
        try profile.insert(db)
        #expect(try ann.profile.fetchOne(db)?.biography == "Poet")
        #expect(try profile.author.fetchOne(db)?.id == ann.id)
    }

    @Test func selfRelationNavigatesAndEagerLoads() throws {
        let library = try LibraryDatabase()
        let db = library.db
        var ged = Sample.reader(1)
        try ged.insert(db)
        var tenar = Sample.reader(2)
        tenar.referrerID = ged.id
        try tenar.insert(db)

        #expect(try tenar.referrer.fetchOne(db)?.name == "Reader 1")
        #expect(try ged.referrer.fetchOne(db) == nil)
        let readers = try Reader.order(Reader.name).including(Reader.referrer).fetchAll(db)
        #expect(readers.map { $0.related?.name } == [nil, "Reader 1"])
    }
}
