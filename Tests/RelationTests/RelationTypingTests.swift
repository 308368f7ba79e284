import TestSupport
import Testing

/// Relation kinds are types: each snippet is type-checked with `swiftc` against the ORMKit and ExampleModels
/// modules this test run was built with. The valid snippet must compile (proving the harness works); each
/// misuse of a relation kind must fail to compile.
@Suite struct RelationTypingTests {
    static let valid = """
        let author = Author(name: "Ann", email: "ann@example.org")
        let book = Book(isbn: "1", title: "T", tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1), color: Color(red: 0, green: 0, blue: 0), authorID: 1)
        _ = Author.books.saving([book])
        _ = Author.profile.saving(AuthorProfile(links: [:], authorID: 0))
        _ = Book.readers.saving([Reader(cardNumber: 1, name: "R")])
        _ = ManyToManyRecords(Book.readers, owner: book)
        func reorder(_ db: Connection, _ list: ReadingList) throws { try list.books.move(db, book, to: 0); try list.books.insert(db, book, at: .top) }
        _ = Book.joining(Book.author).joining(Book.translator).filter(Book.translator.column(Author.name) == "A")
        _ = author.books
        _ = Author.books.saving { authorID in [Book(isbn: "1", title: "T", tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1), color: Color(red: 0, green: 0, blue: 0), authorID: authorID)] }
        _ = Author.profile.saving { AuthorProfile(links: [:], authorID: $0) }
        let loaded: EagerResultRequest<AuthorWithBooks> = Author.filter(Author.name == "A").including(AuthorWithBooks.self)
        func names(_ item: AuthorWithBooks) -> [String] { [item.name] + item.books.map(\\.title) + [item.profile?.biography ?? ""] }
        """

    /// Each misuse and a fragment of the error it must fail with (so it fails for the intended reason).
    /// `Model.Relations.x` is spelled out because the instance accessor of the same name muddles the message.
    static let misuses: [(code: String, error: String)] = [
        // An optional belongsTo parent is not saved from the child (it was a run-time `.misuse`).
        (#"_ = Book.Relations.series.saving(Series(title: "Earthsea"))"#, "'saving'"),
        // A required belongsTo neither.
        (#"_ = Book.Relations.author.saving(Author(name: "Ann", email: "a"))"#, "'saving'"),
        (#"_ = Book.Relations.series.saving([Series(title: "Earthsea")])"#, "'saving'"),
        // Many-to-many writes need a manyToMany relation, not a hasMany.
        (#"_ = ManyToManyRecords(Author.Relations.books, owner: Author(name: "Ann", email: "a"))"#, "ManyToManyKind"),
        // A hasOne is not a to-many relation.
        (#"_ = Author.Relations.profile.saving([AuthorProfile(links: [:], authorID: 0)])"#, "'[AuthorProfile]'"),
        // Positions exist only on ordered many-to-many relations (`Book.readers` is unordered).
        (#"func f(_ db: Connection, _ readers: ManyToManyRecords<Book, Reader>, _ reader: Reader) throws { try readers.insert(db, reader, at: .top) }"#,
         "OrderedManyToManyKind"),
        (#"func f(_ db: Connection, _ readers: ManyToManyRecords<Book, Reader>, _ reader: Reader) throws { try readers.move(db, reader, to: 0) }"#,
         "OrderedManyToManyKind"),
        (#"let relation: ManyToMany<ReadingList, Book> = ReadingList.Relations.books"#, "ManyToManyKind"),
        // An optional belongsTo is not a hasOne, though both load `Target?`.
        (#"let relation: HasOne<Book, Series> = Book.Relations.series"#, "HasOneKind"),
        // Children built from the owner's key exist only where the child holds that key (not many-to-many).
        (#"_ = Book.Relations.readers.saving { (key: Int64) in [Reader(cardNumber: key, name: "R")] }"#, "'ManyToManyKind' and 'HasManyKind' be equivalent"),
        // A named result is built on its own model, and has only the relations it loads.
        (#"_ = Book.all().including(AuthorWithBooks.self)"#, "'Book' and 'Author' be equivalent"),
        (#"func f(_ item: AuthorWithBooks) -> [Book] { item.translations }"#, "QueryRequest<Book>"),
    ]

    @Test func validUsesCompile() throws {
        let result = try typeCheck(Self.valid)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Every misuse, type-checked in one `swiftc` run (once, by the first case that asks).
    static let checkedMisuses = Swift.Result {
        try SwiftTypeCheck.runEach(misuses.map(\.code), importing: ["ORMKit", "ExampleModels"])
    }

    @Test(arguments: misuses.indices)
    func misusesDoNotCompile(_ index: Int) throws {
        let misuse = Self.misuses[index]
        let result = try Self.checkedMisuses.get()[index]
        #expect(result.status != 0, "compiled but should not: \(misuse.code)")
        #expect(result.output.contains("error:") && result.output.contains(misuse.error), "\(result.output)")
    }

    /// Type-checks `body` (after importing ORMKit and ExampleModels) and returns swiftc's exit status and output.
    private func typeCheck(_ body: String) throws -> SwiftTypeCheck.Result {
        try SwiftTypeCheck.run(body, importing: ["ORMKit", "ExampleModels"])
    }
}
