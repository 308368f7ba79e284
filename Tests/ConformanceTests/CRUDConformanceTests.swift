import ExampleModels
import Foundation
import ORMKit
import Testing

/// Record operations behave the same on every engine.
@Suite("Conformance: records") struct CRUDConformanceTests {
    static func author(_ name: String, email: String? = nil, rating: Double = 3) -> Author {
        Author(name: name, email: email ?? "\(name.lowercased())@example.org", rating: rating)
    }

    @Test(arguments: Backend.allCases) func insertAssignsKeysAndRoundTrips(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        var ann = Self.author("Ann", rating: 4.5)
        ann.born = Date(timeIntervalSince1970: 1_000_000)
        ann.website = URL(string: "https://example.org/ann")
        try await ann.insert(engine.db)
        let id = try #require(ann.id)
        var bob = Self.author("Bob")
        try await bob.insert(engine.db)
        #expect(bob.id == id + 1)
        let found = try #require(try await Author.find(engine.db, id))
        #expect(found == ann)
        #expect(try await Author.find(engine.db, 999_999) == nil)
        #expect(try await Author.find(engine.db, keys: [id, bob.id ?? 0, 424_242]).map(\.name).sorted() == ["Ann", "Bob"])
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func anExplicitKeyDoesNotCollideWithLaterAssignedOnes(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        var explicit = Self.author("Explicit")
        explicit.id = 500
        try await explicit.insert(engine.db)
        var next = Self.author("Next")
        try await next.insert(engine.db)
        #expect((next.id ?? 0) > 500)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func updateSaveUpsertDelete(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        var ann = Self.author("Ann")
        try await ann.insert(engine.db)
        ann.rating = 5
        ann.nickname = "A."
        try await ann.update(engine.db)
        #expect(try await Author.find(engine.db, ann.id ?? 0)?.rating == 5)

        var partial = ann
        partial.rating = 1
        partial.nickname = "ignored"
        try await partial.update(engine.db, columns: [Author.rating])
        let afterPartial = try #require(try await Author.find(engine.db, ann.id ?? 0))
        #expect(afterPartial.rating == 1 && afterPartial.nickname == "A.")

        var missing = Self.author("Ghost")
        missing.id = 77_777
        await #expect(throws: DatabaseError.self) { try await missing.update(engine.db) }

        var saved = Self.author("Saved")
        try await saved.save(engine.db)
        #expect(saved.id != nil)
        saved.rating = 2
        try await saved.save(engine.db)
        #expect(try await Author.find(engine.db, saved.id ?? 0)?.rating == 2)

        var upserted = Self.author("Upserted")
        upserted.id = ann.id
        try await upserted.upsert(engine.db)
        #expect(try await Author.find(engine.db, ann.id ?? 0)?.name == "Upserted")

        var byEmail = Self.author("By Email", email: "saved@example.org", rating: 4)
        try await byEmail.upsert(engine.db, onConflict: [Author.email])
        #expect(byEmail.id == saved.id)  // the existing row's key
        #expect(try await Author.filter(Author.email == "saved@example.org").fetchAll(engine.db).map(\.name) == ["By Email"])
        let seeded = ExampleSchema.seed.filter { $0.table == "authors" }.count
        #expect(try await Author.all().count(engine.db) == seeded + 2)

        #expect(try await saved.delete(engine.db))
        #expect(try await !saved.delete(engine.db))
        #expect(try await Author.all().count(engine.db) == seeded + 1)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func batchInsertIsAllOrNothing(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let inserted = try await engine.db.insert((1...20).map { Self.author("A\($0)") })
        #expect(inserted.compactMap(\.id).count == 20)
        #expect(Set(inserted.compactMap(\.id)).count == 20)
        await #expect(throws: DatabaseError.self) {
            _ = try await engine.db.insert([Self.author("New"), Self.author("Dup", email: "a1@example.org")])
        }
        #expect(try await Author.filter(Author.name == "New").count(engine.db) == 0)
        await #expect(throws: Abort.self) {
            try await engine.db.transaction { tx in
                _ = try await tx.insert([Self.author("Rolled back")])
                throw Abort()
            }
        }
        #expect(try await Author.filter(Author.name == "Rolled back").count(engine.db) == 0)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func everyValueTypeAndStorageRoundTrips(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        var author = Self.author("Typed")
        try await author.insert(engine.db)
        let book = Book(
            isbn: "9780000000001", title: "Typed", genre: .poetry, format: .ebook, pages: 321,
            price: Decimal(string: "12.34"), weight: 0.5, tags: ["a", "b \"quoted\""], cover: Data([0, 1, 2, 255]),
            link: URL(string: "https://example.org/typed"), uid: UUID(), shelf: Shelf(row: 3, column: 4, room: "West"),
            color: Color(red: 1, green: 2, blue: 250), addedAt: Date(timeIntervalSince1970: 1_700_000_000.25),
            copies: 7, authorID: author.id ?? 0
        )
        try await book.insert(engine.db)
        let read = try #require(try await Book.find(engine.db, book.isbn))
        #expect(read == book)

        let payment = Payment(
            paidAt: Date(timeIntervalSince1970: 1_600_000_000), dueOn: Date(timeIntervalSince1970: 1_600_086_400),
            recordedAt: Date(timeIntervalSince1970: 1_600_000_000.125), amount: Decimal(string: "19.99") ?? 0,
            rate: Decimal(string: "0.0725"), reference: UUID(), externalID: UUID(), settled: true, memo: "memo"
        )
        var stored = payment
        try await stored.insert(engine.db)
        let readPayment = try #require(try await Payment.find(engine.db, stored.id ?? 0))
        #expect(readPayment.amount == payment.amount)
        #expect(readPayment.reference == payment.reference)
        #expect(readPayment.externalID == payment.externalID)
        #expect(readPayment.settled)
        #expect(readPayment.paidAt == payment.paidAt)
        #expect(readPayment.recordedAt == payment.recordedAt)
        #expect(readPayment.rate == payment.rate)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func injectionStringsAreValues(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let hostile = ["'); DROP TABLE authors; --", "\" OR 1=1 --", "$1", "?", "\\", "O'Brien", "😀 ünïcödé"]
        for (index, name) in hostile.enumerated() {
            var author = Self.author(name, email: "h\(index)@example.org")
            try await author.insert(engine.db)
        }
        for name in hostile {
            #expect(try await Author.filter(Author.name == name).fetchAll(engine.db).map(\.name) == [name])
        }
        #expect(try await Author.filter(Author.email.like("h%@example.org")).count(engine.db) == hostile.count)
        try await engine.close()
    }
}
