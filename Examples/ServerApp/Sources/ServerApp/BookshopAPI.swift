import Foundation
import Hummingbird
import ORMKit

/// A model clients create with POST: its JSON is the generated `Codable` conformance, checked by `validate()`.
protocol Resource: Record, Decodable, ResponseEncodable {
    var id: Int64? { get set }
    /// Throws `ValidationFailure` for a value the API refuses (Validation.swift).
    func validate() throws
}

extension Author: Resource {}
extension Book: Resource {}

/// The REST API, written once against ORMKit's engine protocol: the same routes serve SQLite and PostgreSQL.
struct BookshopAPI<DB: DatabaseWriter & Sendable>: Sendable {
    let db: DB
    /// The live query behind GET /books/live (observation on SQLite, polling on PostgreSQL: main.swift).
    let liveQuery: @Sendable (QueryRequest<Book>) -> LiveQuery<Book>

    /// The most a page may hold (`per`).
    static var largestPage: Int { 100 }

    func addRoutes(to router: Router<some RequestContext>) {
        router.addMiddleware { DatabaseErrorMiddleware() }
        router.get("health", use: health)
        router.post("authors") { request, context in try await create(Author.self, request, context) }
        router.get("authors", use: listAuthors)
        router.get("authors/:id/books", use: booksOfAuthor)
        router.post("books") { request, context in try await create(Book.self, request, context) }
        router.get("books", use: listBooks)
        router.get("books/live", use: liveBooks)
        router.get("books/:id", use: book)
        router.patch("books/:id", use: updateBook)
        router.delete("books/:id", use: deleteBook)
    }

    /// 200 when the tables match the schema, 503 with the differences otherwise (a migration nobody ran, a column
    /// changed by hand).
    @Sendable func health(_ request: Request, context: some RequestContext) async throws -> Response {
        let differences = try await db.schemaDifferences(BookshopSchema.self)
        guard differences.isEmpty else {
            throw HTTPError(.serviceUnavailable, message: differences.map { "\($0)" }.joined(separator: "; "))
        }
        return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
    }

    /// 201 with the record as inserted; the key is the database's (one in the body is ignored).
    func create<R: Resource>(_ type: R.Type, _ request: Request, _ context: some RequestContext) async throws -> EditedResponse<R> {
        var record = try await request.decode(as: R.self, context: context)
        try record.validate()
        record.id = nil
        try await record.insert(db)
        return EditedResponse(status: .created, response: record)
    }

    @Sendable func listAuthors(_ request: Request, context: some RequestContext) async throws -> [Author] {
        try await Author.order(Author.name).fetchAll(db)
    }

    /// An author's books, newest first, through the `books` relation; 404 for an unknown author.
    @Sendable func booksOfAuthor(_ request: Request, context: some RequestContext) async throws -> [Book] {
        let id = try context.parameters.require("id", as: Int64.self)
        guard let author = try await Author.find(db, id) else {
            throw HTTPError(.notFound, message: "no author with id \(id)")
        }
        return try await author.books.order(Book.year.desc, Book.title).fetchAll(db)
    }

    /// `GET /books?author=ID&from=YEAR&to=YEAR&title=TEXT&minRating=R&page=N&per=M`: every filter optional, ordered
    /// by year then title, one page (default 1) of `per` books (default 20, at most 100) with the total count.
    @Sendable func listBooks(_ request: Request, context: some RequestContext) async throws -> BookPage {
        let query = try BookQuery(request.uri.queryParameters, largestPage: Self.largestPage)
        let page = try await query.request.order(Book.year, Book.title).page(query.page, size: query.per, in: db)
        return BookPage(page)
    }

    @Sendable func book(_ request: Request, context: some RequestContext) async throws -> Book {
        let id = try context.parameters.require("id", as: Int64.self)
        guard let book = try await Book.find(db, id) else { throw HTTPError(.notFound, message: "no book with id \(id)") }
        return book
    }

    /// Changes the fields the body names (`title`, `isbn`, `year`, `rating`, `authorID`); the others stay.
    @Sendable func updateBook(_ request: Request, context: some RequestContext) async throws -> Book {
        let changes = try await request.decode(as: BookChanges.self, context: context)
        let id = try context.parameters.require("id", as: Int64.self)
        // Read and write in one transaction, so a concurrent change is not overwritten with stale fields.
        return try await db.transaction { tx in
            guard var book = try await Book.find(tx, id) else { throw HTTPError(.notFound, message: "no book with id \(id)") }
            changes.apply(to: &book)
            try book.validate()
            try await book.update(tx)
            return book
        }
    }

    @Sendable func deleteBook(_ request: Request, context: some RequestContext) async throws -> HTTPResponse.Status {
        let id = try context.parameters.require("id", as: Int64.self)
        guard try await Book.delete(db, key: id) else {
            throw HTTPError(.notFound, message: "no book with id \(id)")
        }
        return .noContent
    }

    /// Server-sent events: the ten newest books now, then again after each change to them, by whichever client.
    /// The stream ends when the client goes away or the server shuts down gracefully.
    @Sendable func liveBooks(_ request: Request, context: some RequestContext) async throws -> Response {
        let snapshots = liveQuery(Book.order(Book.id.desc).limit(10))
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                try await snapshots.forEachUntilShutdown { books in
                    let json = try JSONEncoder().encode(books)
                    try await writer.write(ByteBuffer(string: "event: books\ndata: \(String(decoding: json, as: UTF8.self))\n\n"))
                }
                try await writer.finish(nil)
            }
        )
    }
}
