import ExampleModels
import ORMKit
import Testing

@Suite struct JoinAndFilterTests {
    /// Ann (two science books, one poetry), Bob (one history book), Cy (no books); reader 1 read Ann's first.
    private func library() throws -> LibraryDatabase {
        let library = try LibraryDatabase()
        try library.db.write { conn in
            var ann = Author(name: "Ann", email: "ann@example.org")
            var bob = Author(name: "Bob", email: "bob@example.org")
            var cy = Author(name: "Cy", email: "cy@example.org")
            try ann.insert(conn)
            try bob.insert(conn)
            try cy.insert(conn)
            let annID = try #require(ann.id)
            let books = try Book.insert(conn, contentsOf: [
                Sample.book(1, authorID: annID, genre: .science, title: "Cosmos"),
                Sample.book(2, authorID: annID, genre: .science, title: "Atoms"),
                Sample.book(3, authorID: annID, genre: .poetry, title: "Odes"),
                Sample.book(4, authorID: try #require(bob.id), genre: .history, title: "Rome"),
            ])
            var reader = Sample.reader(1)
            try reader.insert(conn)
            try books[0].readers.attach(conn, reader)
        }
        return library
    }

    @Test func joiningFiltersByTheParentsColumns() async throws {
        let library = try library()
        let db = library.db
        let books = try await Book.joining(Book.author).filter(Author.name == "Ann").order(Book.title).fetchAll(db)
        #expect(books.map(\.title) == ["Atoms", "Cosmos", "Odes"])
        #expect(try await Book.joining(Book.author).filter(Author.name == "Ann").count(db) == 3)
        #expect(try await Book.filter(Book.genre == .science).joining(Book.author).filter(Author.name == "Bob").fetchAll(db).isEmpty)
        // The join goes through the join table for many-to-many relations.
        #expect(try await Book.joining(Book.readers).filter(Reader.name == "Reader 1").fetchAll(db).map(\.title) == ["Cosmos"])
    }

    @Test func joinedColumnsIntoATypedResult() async throws {
        let library = try library()
        let rows: [(String, String)] = try await Book.joining(Book.author)
            .select(Book.title, Author.name)
            .order(Author.name, Book.title)
            .fetchAll(library.db)
        #expect(rows.map(\.0) == ["Atoms", "Cosmos", "Odes", "Rome"])
        #expect(rows.map(\.1) == ["Ann", "Ann", "Ann", "Bob"])

        // Into a struct of the app's own.
        struct Line: Equatable { var title: String; var author: String; var genre: Book.Genre }
        let lines = try await Book.joining(Book.author)
            .filter(Book.genre == .history)
            .select(Book.title, Author.name, Book.genre)
            .fetchAll(library.db)
            .map { Line(title: $0.0, author: $0.1, genre: $0.2) }
        #expect(lines == [Line(title: "Rome", author: "Bob", genre: .history)])
    }

    @Test func existsFilters() async throws {
        let library = try library()
        let db = library.db
        let scientists = try await Author.filter(Author.books.any(Book.genre == .science)).fetchAll(db)
        #expect(scientists.map(\.name) == ["Ann"])  // once, though Ann has two science books
        #expect(try await Author.filter(Author.books.any()).order(Author.name).fetchAll(db).map(\.name) == ["Ann", "Bob"])
        #expect(try await Author.filter(!Author.books.any()).fetchAll(db).map(\.name) == ["Cy"])
        #expect(try await Author.filter(Author.books.any(Book.genre == .science) && Author.name != "Ann").count(db) == 0)
        // belongsTo and many-to-many relations filter the same way.
        #expect(try await Book.filter(Book.author.any(Author.name == "Bob")).fetchAll(db).map(\.title) == ["Rome"])
        #expect(try await Book.filter(Book.readers.any(Reader.name == "Reader 1")).fetchAll(db).map(\.title) == ["Cosmos"])
        #expect(try await Reader.filter(Reader.books.any(Book.title == "Odes")).fetchAll(db).isEmpty)
    }
}
