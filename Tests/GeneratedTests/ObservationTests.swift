import ExampleModels
import Foundation
@_spi(Testing) import ORMKit
import Testing

/// `db.observe` and `db.observeChanges` on the example models: values after each relevant commit, none for
/// unrelated or no-op commits, coalesced bursts, exact change sets, cancellation, and commits made by another
/// `Database` or another process. Each step awaits the next element right after a commit: no timing thresholds.
@Suite("Observation") struct ObservationTests {
    private func author(_ name: String, rating: Double = 3) -> Author {
        Author(name: name, email: "\(name.lowercased())@example.org", rating: rating)
    }

    private static func book(isbn: String, authorID: Int64) -> Book {
        Book(
            isbn: isbn, title: "A Wizard of Earthsea", genre: .science, format: .hardcover, tags: [], uid: UUID(),
            shelf: Shelf(row: 3, column: 7, room: "annex"), color: Color(red: 1, green: 2, blue: 3),
            addedAt: Date(timeIntervalSince1970: 1_700_000_000), copies: 1, authorID: authorID
        )
    }

    private func insert(_ authors: [Author], _ db: Database) async throws -> [Author] {
        try await db.write { conn in
            try authors.map { author in
                var author = author
                try author.insert(conn)
                return author
            }
        }
    }

    @Test func yieldsTheCurrentValueThenOnePerRelevantCommit() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var values = db.observe(Author.order(Author.name)).makeAsyncIterator()
        #expect(try await values.next() == [])

        let inserted = try await insert([author("Ann")], db)
        #expect(try await values.next() == inserted)

        var ann = inserted[0]
        ann.rating = 5
        try await db.write { [ann] conn in try ann.update(conn) }
        #expect(try await values.next()?.first?.rating == 5)
    }

    /// App code written against the contract, observing through `some ObservableDatabase` and writing through
    /// a transaction.
    private static func rated(in db: some ObservableDatabase) -> DatabaseObservation<[Author]> {
        db.observe(Author.filter(Author.rating >= 4).order(Author.name))
    }

    @Test func theContractObservesAndATransactionYieldsOnce() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var values = Self.rated(in: db).makeAsyncIterator()
        #expect(try await values.next() == [])
        try await db.transaction { tx in
            var ann = Author(name: "Ann", email: "ann@example.org", rating: 5)
            try await ann.insert(tx)
            var bob = Author(name: "Bob", email: "bob@example.org", rating: 4)
            try await bob.insert(tx)
        }
        #expect(try await values.next()?.map(\.name) == ["Ann", "Bob"])
    }

    @Test func unrelatedAndNoOpCommitsYieldNothing() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        _ = try await insert([author("Ann")], db)
        var counts = db.observe { conn in try Author.filter(Author.rating >= 3).count(conn) }.makeAsyncIterator()
        #expect(try await counts.next() == 1)

        // Another table, a column the count does not read, and a change that keeps the count: no value.
        try await db.write { conn in
            var series = Series(title: "Earthsea", isComplete: false)
            try series.insert(conn)
        }
        try await db.write { conn in try conn.execute(sql: "UPDATE authors SET nick_name = 'A'") }
        try await db.write { conn in try conn.execute(sql: "UPDATE authors SET rating = 4") }
        // Then a commit that changes it: the next value is this one, not a repeat of 1.
        _ = try await insert([author("Bob", rating: 5)], db)
        #expect(try await counts.next() == 2)
    }

    @Test func aBatchCommitGivesOneValue() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var counts = db.observe { conn in try Author.count(conn) }.makeAsyncIterator()
        #expect(try await counts.next() == 0)
        _ = try await insert((0..<10_000).map { author("A\($0)") }, db)
        // One transaction of 10k inserts: one value with every row, not 10k intermediate values.
        #expect(try await counts.next() == 10_000)
        _ = try await insert([author("Last")], db)
        #expect(try await counts.next() == 10_001)
    }

    @Test func manyCommitsInARowNeverYieldEqualNeighbours() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let observation = db.observe { conn in try Author.filter(Author.rating >= 3).count(conn) }
        let writes = 100
        let reader = Task {
            var seen: [Int] = []
            for try await count in observation {
                seen.append(count)
                if count == writes { break }
            }
            return seen
        }
        for index in 0..<writes {
            // A commit that leaves the count as it is (the observation fetches, compares, yields nothing), then
            // one that adds to it.
            _ = try await insert([author("Low\(index)", rating: 1)], db)
            _ = try await insert([author("High\(index)", rating: 5)], db)
        }
        let seen = try await reader.value
        #expect(seen.last == writes)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "values: \(seen)")
    }

    @Test func aPrimaryKeyLookupFollowsItsRow() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let authors = try await insert([author("Ann"), author("Bob")], db)
        let annID = try #require(authors[0].id)
        var values = db.observe(Author.filter(Author.id == annID)).makeAsyncIterator()
        #expect(try await values.next()?.map(\.name) == ["Ann"])
        try await db.write { conn in try conn.execute(sql: "UPDATE authors SET name = 'Robert' WHERE name = 'Bob'") }
        try await db.write { conn in try conn.execute(sql: "UPDATE authors SET name = 'Anna' WHERE name = 'Ann'") }
        #expect(try await values.next()?.map(\.name) == ["Anna"])
        try await db.write { conn in try conn.execute(sql: "DELETE FROM authors WHERE name = 'Anna'") }
        #expect(try await values.next() == [])
    }

    @Test func anEagerLoadedResultFollowsEveryTableItReads() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        _ = try await insert([author("Ann")], db)
        var values = db.observe { conn in try AuthorWithBooks.fetchAll(conn) }.makeAsyncIterator()
        #expect(try await values.next()?.map(\.books.count) == [0])
        // A commit to books alone (the second query of the eager load) changes the value.
        let authorID = try #require(try await Author.fetchOne(db)?.id)
        try await Self.book(isbn: "0123456789", authorID: authorID).insert(db)
        #expect(try await values.next()?.map(\.books.count) == [1])
    }

    @Test func anObservationStopsWhenItsTaskIsCancelled() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let first = AsyncStream<Void>.makeStream()
        let task = Task {
            var count = 0
            for try await _ in db.observe(Author.all()) {
                count += 1
                first.continuation.yield()
            }
            return count
        }
        var signals = first.stream.makeAsyncIterator()
        await signals.next()
        task.cancel()
        #expect(try await task.value == 1)
        // The database still works, and closing it does not wait for the ended observation.
        _ = try await insert([author("Ann")], db)
        try db.close()
    }

    @Test func closingTheDatabaseEndsItsObservations() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var values = db.observe(Author.all()).makeAsyncIterator()
        #expect(try await values.next() == [])
        try db.close()
        #expect(try await values.next() == nil)
    }

    // MARK: Change sets

    @Test func changeSetsAreExactIncludingRowsEnteringAndLeavingTheFilter() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let seeded = try await insert([author("Ann", rating: 4), author("Bob", rating: 1)], db)
        let ann = seeded[0], bob = seeded[1]
        var changes = db.observeChanges(Author.filter(Author.rating >= 4).order(Author.name)).makeAsyncIterator()

        let initial = try #require(try await changes.next())
        #expect(initial.inserted == [ann] && initial.updated.isEmpty && initial.deleted.isEmpty)

        // Inserted inside the filter.
        let cid = try await insert([author("Cid", rating: 5)], db)[0]
        var next = try #require(try await changes.next())
        #expect(next.inserted == [cid] && next.updated.isEmpty && next.deleted.isEmpty)

        // Outside the filter (nothing), then Bob updated into it (inserted).
        _ = try await insert([author("Dee", rating: 2)], db)
        var risen = bob
        risen.rating = 5
        try await db.write { [risen] conn in try risen.update(conn) }
        next = try #require(try await changes.next())
        #expect(next.inserted == [risen] && next.updated.isEmpty && next.deleted.isEmpty)

        // Updated inside the filter.
        var renamed = cid
        renamed.name = "Cidney"
        try await db.write { [renamed] conn in try renamed.update(conn) }
        next = try #require(try await changes.next())
        #expect(next.updated == [renamed] && next.inserted.isEmpty && next.deleted.isEmpty)

        // Ann updated out of the filter and Cid deleted, in one commit.
        var fallen = ann
        fallen.rating = 1
        try await db.write { [fallen, renamed] conn in
            try fallen.update(conn)
            try renamed.delete(conn)
        }
        next = try #require(try await changes.next())
        #expect(Set(next.deleted) == [ann.id, cid.id] && next.inserted.isEmpty && next.updated.isEmpty)

        // A commit that rewrites a row with equal values, then a real change: only the real one.
        try await db.write { [risen] conn in try risen.update(conn) }
        try await db.write { conn in try conn.execute(sql: "DELETE FROM authors") }
        next = try #require(try await changes.next())
        #expect(next.deleted == [bob.id] && next.inserted.isEmpty && next.updated.isEmpty)
    }

    /// A model's default scope and soft delete hold in change sets: a row hidden by an update leaves (deleted), one
    /// shown again enters (inserted), a change to a hidden row yields nothing, a soft-deleted row leaves.
    @Test func changeSetsFollowTheDefaultScope() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let author = try await insert([author("Rev")], db)[0]
        let book = Self.book(isbn: "9780000000777", authorID: try #require(author.id))
        try await db.write { conn in try book.insert(conn) }
        let visible = try await db.write { conn in
            var review = Review(rating: 5, body: "fine", bookISBN: book.isbn)
            try review.insert(conn)
            return review
        }
        var changes = db.observeChanges(Review.all()).makeAsyncIterator()
        #expect(try await changes.next()?.inserted == [visible])

        var hidden = visible
        hidden.isHidden = true
        try await db.write { [hidden] conn in try hidden.update(conn) }
        var next = try #require(try await changes.next())
        #expect(next.deleted == [visible.id] && next.inserted.isEmpty && next.updated.isEmpty)

        // Changed while hidden (nothing), then shown again (inserted).
        hidden.body = "edited"
        try await db.write { [hidden] conn in try hidden.update(conn) }
        var shown = hidden
        shown.isHidden = false
        try await db.write { [shown] conn in try shown.update(conn) }
        next = try #require(try await changes.next())
        #expect(next.inserted == [shown] && next.deleted.isEmpty && next.updated.isEmpty)

        // Soft-deleted (`softDelete: deletedAt`): reported deleted, though the row is still in the table.
        try await db.write { [shown] conn in _ = try shown.delete(conn) }
        next = try #require(try await changes.next())
        #expect(next.deleted == [visible.id] && next.inserted.isEmpty && next.updated.isEmpty)
        #expect(try await Review.all().withDeleted().count(db) == 1)
    }

    @Test func changeSetsMergeCommitsTheTaskDidNotAskForYet() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var changes = db.observeChanges(Author.all()).makeAsyncIterator()
        #expect(try await changes.next()?.isEmpty == true)
        let added = try await insert([author("Ann"), author("Bob")], db)
        try await db.write { conn in try conn.execute(sql: "DELETE FROM authors WHERE name = 'Bob'") }
        // The two commits arrive as one element, or two when the task asked in between; applied in order,
        // they leave Ann only.
        var rows = try #require(try await changes.next()).applied(to: [:])
        if rows.count == 2 { rows = try #require(try await changes.next()).applied(to: rows) }
        #expect(Array(rows.values) == [added[0]])
    }

    @Test func changeSetsFollowRelationFiltersAcrossTables() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let bob = try await insert([author("Ann"), author("Bob")], db)[1]
        // Authors with at least one book: membership depends on the books table.
        var changes = db.observeChanges(Author.filter(Author.books.any()).order(Author.name)).makeAsyncIterator()
        #expect(try await changes.next()?.isEmpty == true)
        try await Self.book(isbn: "0123456789", authorID: try #require(bob.id)).insert(db)
        let next = try #require(try await changes.next())
        #expect(next.inserted.map(\.name) == ["Bob"])
    }

    // MARK: Other connections

    @Test func commitsThroughAnotherDatabaseValueAreSeen() async throws {
        let example = try ExampleDatabase()
        let other = try Database(path: example.db.path)
        defer { try? other.close() }
        let db = try Database(path: example.db.path, options: .init(externalChangePollInterval: nil))
        defer { try? db.close() }
        var counts = db.observe { conn in try Author.count(conn) }.makeAsyncIterator()
        #expect(try await counts.next() == 0)
        _ = try await insert([author("Ann")], other)
        try db.checkForExternalChanges()
        #expect(try await counts.next() == 1)
    }

    @Test func commitsByAnotherProcessAreSeenByPolling() async throws {
        let example = try ExampleDatabase()
        let db = try Database(path: example.db.path, options: .init(externalChangePollInterval: 0.05))
        defer { try? db.close() }
        var counts = db.observe { conn in try Int.fetchOne(conn, sql: "SELECT count(*) FROM series") ?? -1 }.makeAsyncIterator()
        #expect(try await counts.next() == 0)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        child.arguments = [
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"INSERT INTO series (title, is_complete) VALUES ('x', 0)\"); c.commit()",
            db.path,
        ]
        try child.run()
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        // No call to checkForExternalChanges: the poll every 50 ms sees the other process's commit.
        #expect(try await counts.next() == 1)
    }
}


/// Where an observation fetches after a commit (`Options.observationFetch`): with the only reader held by another
/// thread, `.writerWhenAwaited` hands the waiting task its value before `write` returns (fetched on the writer),
/// while `.readers` leaves the task waiting until the reader is free. No timing: the checks read whether the task
/// still waits.
@Suite("Observation: where the fetch runs") struct ObservationFetchPlacementTests {
    @Test(arguments: [ObservationFetch.writerWhenAwaited, .readers])
    func aWaitingTaskGetsItsValueBeforeTheWriteReturnsOnlyOnTheWriter(_ placement: ObservationFetch) async throws {
        var options = Database.Options(maximumReaderCount: 1)
        options.observationFetch = placement
        let example = try ExampleDatabase(options: options)
        let db = example.db
        var values = db.observe(Author.order(Author.name)).makeAsyncIterator()
        #expect(try await values.next() == [])
        let consumer = Task { [values] in
            var values = values
            return try await values.next()
        }
        while db.observationsAwaitingValue == 0 { await Task.yield() }

        let readerHeld = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = Thread {
            try? db.read { _ in
                readerHeld.signal()
                release.wait()
            }
        }
        holder.start()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                readerHeld.wait()
                continuation.resume()
            }
        }

        var ann = Author(name: "Ann", email: "ann@example.org", rating: 4)
        ann = try await db.write { [ann] conn in
            var ann = ann
            try ann.insert(conn)
            return ann
        }
        #expect(db.observationsAwaitingValue == (placement == .writerWhenAwaited ? 0 : 1))
        release.signal()
        #expect(try await consumer.value == [ann])
    }
}
