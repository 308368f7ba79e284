import ExampleModels
import Foundation
import ORMKit
import Testing

/// Scopes from the schema (`scopes:`, `defaultScope:`) select the same rows on every engine: named scopes chain
/// with each other and with query methods; the default scope (`Review`: hidden reviews left out) applies to every
/// read, until `unscoped()`.
@Suite("Conformance: scopes") struct ScopeConformanceTests {
    /// Books of one author: "A" fiction 120 pages 0 copies (1990), "B" poetry 350 pages (1995), "C" science 500
    /// pages (2010), "D" history, no page count (2020).
    static func seeded(_ backend: Backend) async throws -> (Engine, [Book])? {
        guard let engine = try await Engine.open(backend) else { return nil }
        var author = Author(name: "Scoped", email: "scoped@test.org", rating: 3)
        try await author.insert(engine.db)
        func book(_ isbn: String, _ title: String, _ genre: Book.Genre, pages: Int32?, copies: Int, year: Int) -> Book {
            let addedAt = Date(timeIntervalSince1970: TimeInterval((year - 1970) * 365 * 86_400))
            return Book(
                isbn: isbn, title: title, genre: genre, pages: pages, tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1),
                color: Color(red: 0, green: 0, blue: 0), addedAt: addedAt, copies: copies, authorID: author.id ?? 0)
        }
        let books = [
            book("1000000001", "A", .fiction, pages: 120, copies: 0, year: 1990),
            book("1000000002", "B", .poetry, pages: 350, copies: 2, year: 1995),
            book("1000000003", "C", .science, pages: 500, copies: 1, year: 2010),
            book("1000000004", "D", .history, pages: nil, copies: 3, year: 2020),
        ]
        _ = try await engine.db.insert(books)
        return (engine, books)
    }

    /// The seeded books' titles among `request`'s rows, by title.
    static func titles(_ request: QueryRequest<Book>, _ db: some DatabaseReader) async throws -> [String] {
        try await request.filter(Book.isbn.like("100000000%")).order(Book.title).fetchAll(db).map(\.title)
    }

    @Test(arguments: Backend.allCases) func namedScopesFilterAndChain(_ backend: Backend) async throws {
        guard let (engine, _) = try await Self.seeded(backend) else { return }
        let db = engine.db
        #expect(try await Self.titles(Book.inPrint, db) == ["B", "C", "D"])
        #expect(try await Self.titles(Book.longerThan(300), db) == ["B", "C"])
        #expect(try await Self.titles(Book.ofGenres([.poetry, .history]), db) == ["B", "D"])
        #expect(try await Self.titles(Book.ofGenres([]), db) == [])
        #expect(try await Self.titles(Book.classics, db) == ["A", "B"])
        // Chained with each other, before and after other query methods.
        #expect(try await Self.titles(Book.inPrint.longerThan(300), db) == ["B", "C"])
        #expect(try await Self.titles(Book.classics.inPrint, db) == ["B"])
        #expect(try await Self.titles(Book.filter(Book.title != "C").longerThan(300), db) == ["B"])
        #expect(try await Book.inPrint.longerThan(300).filter(Book.isbn.like("100000000%")).count(db) == 2)
        let page = try await Book.inPrint.filter(Book.isbn.like("100000000%")).order(Book.title.desc).page(1, size: 2, in: db)
        #expect(page.items.map(\.title) == ["D", "C"] && page.totalCount == 3)
        try await engine.close()
    }

    /// Two visible reviews and one hidden one of book B, one hidden of book C.
    static func reviewed(_ backend: Backend) async throws -> (Engine, [Book], [Review])? {
        guard let (engine, books) = try await seeded(backend) else { return nil }
        let reviews = try await engine.db.insert([
            Review(rating: 5, body: "great", bookISBN: books[1].isbn),
            Review(rating: 4, body: "good", bookISBN: books[1].isbn),
            Review(rating: 1, body: "spam", isHidden: true, bookISBN: books[1].isbn),
            Review(rating: 2, body: "hidden", isHidden: true, bookISBN: books[2].isbn),
        ])
        return (engine, books, reviews)
    }

    @Test(arguments: Backend.allCases) func theDefaultScopeAppliesToQueriesAndReadsByKey(_ backend: Backend) async throws {
        guard let (engine, _, reviews) = try await Self.reviewed(backend) else { return }
        let db = engine.db
        let hidden = try #require(reviews[2].id), visible = try #require(reviews[0].id)
        #expect(try await Review.fetchAll(db).map(\.body).sorted() == ["good", "great"])
        #expect(try await Review.count(db) == 2)
        #expect(try await Review.all().unscoped().count(db) == 4)
        #expect(try await Review.filter(Review.rating < 3).count(db) == 0)
        #expect(try await Review.filter(Review.rating < 3).unscoped().count(db) == 2)
        #expect(try await Review.positive.count(db) == 2)
        #expect(try await Review.ratedBetween(low: 1, high: 4).fetchAll(db).map(\.body) == ["good"])
        #expect(try await Review.all().aggregate(db, countAll()) == 2)
        #expect(try await Review.all().select(Review.rating).fetchAll(db).sorted() == [4, 5])
        #expect(try await Review.all().page(1, size: 10, in: db).totalCount == 2)
        #expect(try await Review.find(db, hidden) == nil)
        #expect(try await Review.find(db, visible)?.body == "great")
        #expect(try await !Review.exists(db, key: hidden))
        #expect(try await Review.exists(db, key: visible))
        #expect(try await Review.find(db, keys: [hidden, visible]).map(\.body) == ["great"])
        #expect(try await Review.all().unscoped().filter(Review.id == hidden).fetchOne(db)?.body == "spam")
        // Writes through a request see what its reads see: a hidden review is not updated or deleted.
        #expect(try await Review.all().updateAll(db, Review.rating.set(to: 3)) == 2)
        #expect(try await Review.all().unscoped().filter(Review.rating == 3).count(db) == 2)
        #expect(try await Review.deleteAll(db) == 2)
        #expect(try await Review.all().unscoped().count(db) == 2)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func theDefaultScopeAppliesThroughRelations(_ backend: Backend) async throws {
        guard let (engine, books, _) = try await Self.reviewed(backend) else { return }
        let db = engine.db
        let b = books[1], c = books[2]
        // Navigation, and its unscoped form.
        #expect(try await b.reviews.count(db) == 2)
        #expect(try await b.reviews.unscoped().count(db) == 3)
        #expect(try await Book.reviews.unscoped().request(for: b).count(db) == 3)
        #expect(try await c.reviews.fetchAll(db).isEmpty)
        // Eager loading.
        let loaded = try await Book.filter(Book.isbn.in([b.isbn, c.isbn])).order(Book.title).including(Book.reviews).fetchAll(db)
        #expect(loaded.map { $0.related.map(\.body).sorted() } == [["good", "great"], []])
        let everything = try await Book.filter(Book.isbn == b.isbn).including(Book.reviews.unscoped()).fetchAll(db)
        #expect(everything.first?.related.count == 3)
        let filtered = try await Book.filter(Book.isbn == b.isbn).including(Book.reviews.filter(Review.rating < 5)).fetchAll(db)
        #expect(filtered.first?.related.map(\.body) == ["good"])
        // Joins and `any`.
        #expect(try await Book.joining(Book.reviews).filter(Book.isbn == b.isbn).count(db) == 2)
        #expect(try await Book.filter(Book.reviews.any(Review.rating <= 2)).count(db) == 0)
        #expect(try await Book.filter(Book.reviews.unscoped().any(Review.rating <= 2)).count(db) == 2)
        #expect(try await Book.filter(Book.reviews.any()).fetchAll(db).map(\.title) == ["B"])
        // From the review's side, the owner is not scoped: a hidden review still has its book.
        let hidden = try #require(try await Review.all().unscoped().filter(Review.body == "spam").fetchOne(db))
        #expect(try await hidden.book.fetchOne(db)?.title == "B")
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func softDeleteStampsAndReadsLeaveDeletedRowsOut(_ backend: Backend) async throws {
        guard let (engine, books, reviews) = try await Self.reviewed(backend) else { return }
        let db = engine.db
        let great = reviews[0], spam = reviews[2], b = books[1]
        #expect(try await great.delete(db))
        #expect(try await !great.delete(db), "a deleted row is not deleted again")
        #expect(try await Review.count(db) == 1)
        #expect(try await Review.find(db, try #require(great.id)) == nil)
        #expect(try await !Review.exists(db, key: try #require(great.id)))
        #expect(try await Review.all().withDeleted().count(db) == 2)
        #expect(try await Review.all().withDeleted().unscoped().count(db) == 4)
        let deleted = try await Review.all().onlyDeleted().fetchAll(db)
        #expect(deleted.map(\.body) == ["great"] && deleted.first?.deletedAt != nil)
        // Through relations: navigation, eager loading, `any`, and their withDeleted() forms.
        #expect(try await b.reviews.count(db) == 1)
        #expect(try await b.reviews.withDeleted().count(db) == 2)
        #expect(try await Book.reviews.withDeleted().request(for: b).count(db) == 2)
        let loaded = try await Book.filter(Book.isbn == b.isbn).including(Book.reviews).fetchAll(db)
        #expect(loaded.first?.related.map(\.body) == ["good"])
        let withDeleted = try await Book.filter(Book.isbn == b.isbn).including(Book.reviews.withDeleted()).fetchAll(db)
        #expect(withDeleted.first?.related.count == 2)
        #expect(try await Book.filter(Book.reviews.any(Review.rating == 5)).count(db) == 0)
        #expect(try await Book.filter(Book.reviews.withDeleted().any(Review.rating == 5)).count(db) == 1)
        // Deletes by key and through a request stamp too (the default scope does not shield a row from them).
        #expect(try await Review.delete(db, key: try #require(spam.id)))
        #expect(try await Review.filter(Review.rating == 4).deleteAll(db) == 1)
        #expect(try await Review.count(db) == 0)
        #expect(try await Review.all().withDeleted().unscoped().count(db) == 4, "nothing is gone")
        // Restore, then destroy for good.
        #expect(try await great.restore(db))
        #expect(try await Review.count(db) == 1)
        #expect(try await Review.all().restoreAll(db) == 1, "restores the deleted review in scope (good), not the hidden one")
        #expect(try await Review.count(db) == 2)
        #expect(try await great.destroy(db))
        #expect(try await Review.all().withDeleted().unscoped().count(db) == 3)
        #expect(try await Review.all().unscoped().onlyDeleted().destroyAll(db) == 1)
        #expect(try await Review.all().withDeleted().unscoped().fetchAll(db).map(\.body).sorted() == ["good", "hidden"])
        await #expect(throws: DatabaseError.self) { try await Book.all().restoreAll(db) }
        try await engine.close()
    }

    /// `Review`'s unique index on (book, reviewer) holds among live reviews: a deleted review does not block a new
    /// one, restoring it would break the rule, and an upsert on those columns finds the live one.
    @Test(arguments: Backend.allCases) func uniqueIndexesHoldForLiveRowsOnly(_ backend: Backend) async throws {
        guard let (engine, books) = try await Self.seeded(backend) else { return }
        let db = engine.db
        let isbn = books[0].isbn
        let first = try await db.insert(Review(rating: 5, body: "first", reviewer: "ann", bookISBN: isbn))
        await #expect(throws: DatabaseError.self) {
            try await db.insert(Review(rating: 4, body: "again", reviewer: "ann", bookISBN: isbn))
        }
        #expect(try await first.delete(db))
        _ = try await db.insert(Review(rating: 3, body: "second", reviewer: "ann", bookISBN: isbn))
        await #expect(throws: DatabaseError.self) { try await first.restore(db) }
        var replacement = Review(rating: 1, body: "changed", reviewer: "ann", bookISBN: isbn)
        try await replacement.upsert(db, onConflict: [Review.bookISBN, Review.reviewer])
        #expect(try await Review.filter(Review.reviewer == "ann").fetchAll(db).map(\.body) == ["changed"])
        #expect(try await Review.all().withDeleted().filter(Review.reviewer == "ann").count(db) == 2)
        // Reviews without a reviewer never conflict (NULLs are distinct in a unique index).
        _ = try await db.insert([Review(rating: 2, body: "x", bookISBN: isbn), Review(rating: 2, body: "y", bookISBN: isbn)])
        try await engine.close()
    }

    /// `Reply` belongs to `Review` with `onDelete: cascade`, both soft-deleted: a soft delete of reviews (by record,
    /// by key, by request, hidden ones included) stamps their live replies with the same time, a reply deleted before
    /// keeps its own stamp, and destroying a review deletes its replies for good (the foreign key).
    @Test(arguments: Backend.allCases) func softDeleteCascadesToSoftDeletedChildren(_ backend: Backend) async throws {
        guard let (engine, _, reviews) = try await Self.reviewed(backend) else { return }
        let db = engine.db
        let ids = try reviews.map { try #require($0.id) }
        let replies = try await db.insert([
            Reply(body: "agreed", reviewID: ids[0]), Reply(body: "earlier", reviewID: ids[0]), Reply(body: "other", reviewID: ids[1]),
            Reply(body: "to hidden", reviewID: ids[2]), Reply(body: "kept", reviewID: ids[3]),
        ])
        #expect(try await replies[1].delete(db))
        let earlier = try #require(try await Reply.all().onlyDeleted().fetchOne(db)?.deletedAt)

        #expect(try await reviews[0].delete(db))
        let stamp = try #require(try await Review.all().onlyDeleted().filter(Review.id == ids[0]).fetchOne(db)?.deletedAt)
        let deleted = try await Reply.all().onlyDeleted().order(Reply.body).fetchAll(db)
        #expect(deleted.map(\.body) == ["agreed", "earlier"])
        #expect(deleted.map(\.deletedAt) == [stamp, earlier])
        // By key, a hidden review (the default scope does not stop a delete by key, nor its cascade).
        #expect(try await Review.delete(db, key: ids[2]))
        #expect(try await Reply.all().order(Reply.body).fetchAll(db).map(\.body) == ["kept", "other"])
        // By request: the visible reviews (the default scope applies), so the hidden review's reply stays.
        #expect(try await Review.all().deleteAll(db) == 1)
        #expect(try await Reply.fetchAll(db).map(\.body) == ["kept"])
        // Destroying deletes the replies for good, as the foreign key cascades.
        #expect(try await Review.all().onlyDeleted().unscoped().filter(Review.id == ids[0]).destroyAll(db) == 1)
        #expect(try await Reply.all().withDeleted().filter(Reply.reviewID == ids[0]).count(db) == 0)
        try await engine.close()
    }
}
