import ORMGenCore
import Testing

/// Named eager-loading results (`results:` of a model): what is rejected, and where.
@Suite struct ResultDiagnosticsTests {
    static let models = """
        models:
          Author:
            fields: { name: String }
            relations:
              books: { hasMany: Book }
            results:
        %@
          Book:
            fields: { title: String }
            relations:
              author: { belongsTo: Author }
              series: { belongsTo: Series, optional: true }
            results:
              BookWithAuthor: [author, series]
          Series:
            fields: { title: String }
        """

    /// The schema above with `results` as Author's result lines (indented under `results:`).
    static func schema(_ results: String) -> String {
        models.replacingOccurrences(of: "%@", with: results.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
    }

    @Test func validResultsPassAndRenderLabelledTypes() throws {
        let result = generate(Self.schema("AuthorWithBooks: [books]\nAuthorDeep: { books: BookWithAuthor }"))
        #expect(result.diagnostics.isEmpty)
        let author = try #require(file("Author.swift", in: result))
        #expect(author.contains("public struct AuthorDeep: ORMKit.EagerResult, Swift.Sendable, Swift.Hashable {"))
        #expect(author.contains("    public var books: [BookWithAuthor]\n"))
        #expect(author.contains("Author.Relations.books.including(BookWithAuthor.self).eagerLoad"))
        let book = try #require(file("Book.swift", in: result))
        #expect(section(of: book, from: "public static var loading", to: "    }") == """
                public static var loading: ORMKit.Including<Book, (Author, Series?)> {
                    Book.Relations.author.and(Book.Relations.series)
                }
            """)
        #expect(book.contains("self.init(book: record, author: loaded.0, series: loaded.1)"))
    }

    @Test func unknownRelationsAndTypesSuggestTheClosest() {
        #expect(diagnostics(Self.schema("AuthorWithBooks: [bookz]\nAuthorDeep: { books: BookWithAuthr }")) == [
            "schema.yaml:7:25: error: result 'Author.AuthorWithBooks' loads 'bookz', which is not a relation of 'Author'; did you mean 'books'?",
            "schema.yaml:8:28: error: result 'Author.AuthorDeep' loads 'books' as 'BookWithAuthr', which is neither 'Book' nor a result of it; did you mean 'BookWithAuthor'?",
        ])
    }

    @Test func namesMustBeNewTypesAndRelationsListedOnce() {
        #expect(diagnostics(Self.schema("Book: [books]\nBookWithAuthor: [books]\nAuthorTwice: [books, books]")) == [
            "schema.yaml:7:7: error: result 'Book' has the name of a model or embeddable; rename the result",
            "schema.yaml:8:7: note: result 'BookWithAuthor' first declared here",
            "schema.yaml:9:28: error: result 'Author.AuthorTwice' loads 'books' twice; list each relation once",
            "schema.yaml:16:7: error: duplicate result 'BookWithAuthor'; it is already declared at schema.yaml:8:7",
        ])
    }

    @Test func emptyAndMalformedResultsAreErrors() {
        #expect(diagnostics(Self.schema("AuthorNothing: []\nAuthorScalar: books")) == [
            "schema.yaml:7:7: error: result 'Author.AuthorNothing' loads no relation; list at least one of 'Author'",
            "schema.yaml:8:21: error: result 'Author.AuthorScalar' must list relations: `[books, profile]`, or map each relation to its model or a result of it: `{ books: BookWithReaders }`",
        ])
    }

    @Test func aResultCannotNestItself() {
        let yaml = """
            models:
              Author:
                fields: { name: String }
                relations:
                  books: { hasMany: Book }
                results:
                  AuthorLoop: { books: BookLoop }
              Book:
                fields: { title: String }
                relations:
                  author: { belongsTo: Author }
                results:
                  BookLoop: { author: AuthorLoop }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:7:7: error: result 'AuthorLoop' nests itself through its relations; a result cannot load itself at any depth",
            "schema.yaml:13:7: error: result 'BookLoop' nests itself through its relations; a result cannot load itself at any depth",
        ])
    }

    @Test func theRecordPropertyNameIsReserved() {
        let yaml = """
            models:
              Author:
                fields: { name: String }
                relations:
                  author: { belongsTo: Author, optional: true }
                results:
                  AuthorWithMentor: [author]
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:7:26: error: result 'Author.AuthorWithMentor' cannot load 'author': the result names its 'Author' record 'author'; rename the relation",
        ])
    }
}
