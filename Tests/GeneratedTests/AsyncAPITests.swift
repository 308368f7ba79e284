import ExampleModels
import Foundation
@_spi(Testing) import ORMKit
import Synchronization
import Testing

/// The async overloads (Sources/ORMKit/Async/) and `stream(_:)`, on real SQLite files with the generated models.
/// `.timeLimit`: a stream that kept its reader would make `close()` wait forever; the limit turns that into a
/// failure instead of a hung run.
@Suite("Async API", .timeLimit(.minutes(2)))
struct AsyncAPITests {
    // MARK: Records

    @Test func recordWritesAssignIDsAndChangeRows() async throws {
        let library = try AsyncLibrary()
        let db = library.db

        var ann = Author(name: "Ann", email: "ann@example.org", rating: 2)
        try await ann.insert(db)
        let annID = try #require(ann.id)
        #expect(try await Author.find(db, annID)?.name == "Ann")

        let inserted = try await Author.insert(db, contentsOf: [AsyncLibrary.author(1), AsyncLibrary.author(2)])
        #expect(inserted.allSatisfy { $0.id != nil })
        #expect(try await Author.count(db) == 3)

        ann.rating = 3
        try await ann.update(db)
        ann.name = "Ann B"
        ann.rating = 5
        try await ann.update(db, columns: [Author.name])
        var stored = try #require(try await Author.find(db, annID))
        #expect(stored.name == "Ann B" && stored.rating == 3)
        ann.nickname = "AB"
        ann.name = "ignored"
        try await ann.update(db, allColumnsExcept: [Author.name])
        stored = try #require(try await Author.find(db, annID))
        #expect(stored.name == "Ann B" && stored.rating == 5 && stored.nickname == "AB")
        var renamed = inserted
        renamed[0].name = "First"
        renamed[1].name = "Second"
        try await Author.update(db, contentsOf: renamed)
        #expect(try await Author.order(Author.id).fetchAll(db).map(\.name) == ["Ann B", "First", "Second"])
        var missing = AsyncLibrary.author(9)
        missing.id = 999
        let notFound = await #expect(throws: DatabaseError.self) { try await missing.update(db) }
        #expect(notFound?.kind == .recordNotFound)

        // save: inserts (and assigns the id), then updates.
        var bob = AsyncLibrary.author(3)
        try await bob.save(db)
        let bobID = try #require(bob.id)
        bob.name = "Bob"
        try await bob.save(db)
        #expect(bob.id == bobID)
        #expect(try await Author.find(db, bobID)?.name == "Bob")
        let saved = try await Author.save(db, contentsOf: [bob, AsyncLibrary.author(4)])
        #expect(saved[0].id == bobID && saved[1].id != nil)

        // upsert: by key (assigns the id), by a unique column (takes the existing row's id), in bulk.
        var cy = AsyncLibrary.author(5)
        try await cy.upsert(db)
        let cyID = try #require(cy.id)
        var cyAgain = Author(name: "Cy again", email: cy.email)
        try await cyAgain.upsert(db, onConflict: [Author.email])
        #expect(cyAgain.id == cyID)
        #expect(try await Author.find(db, cyID)?.name == "Cy again")
        let upserted = try await Author.upsert(db, contentsOf: [cyAgain, AsyncLibrary.author(6)])
        #expect(upserted[0].id == cyID && upserted[1].id != nil)
        let total = try await Author.count(db)
        #expect(total == 7)

        // delete: the record, by key, by keys, by records, everything.
        #expect(try await bob.delete(db))
        #expect(try await !bob.delete(db))
        #expect(try await Author.delete(db, key: cyID))
        #expect(try await Author.delete(db, keys: [inserted[0].id!, 12345]) == 1)
        #expect(try await Author.delete(db, contentsOf: [inserted[1]]) == 1)
        #expect(try await Author.exists(db, key: annID))
        #expect(try await !Author.exists(db, key: cyID))
        #expect(try await Author.deleteAll(db) == total - 4)
        #expect(try await Author.count(db) == 0)
    }

    @Test func keyedRecordWritesWorkOnALet() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        var author = AsyncLibrary.author(1)
        try await author.insert(db)
        let authorID = try #require(author.id)

        let book = AsyncLibrary.book(1, authorID: authorID)   // a `let`: KeyedRecord's non-mutating forms
        try await book.insert(db)
        #expect(try await Book.find(db, book.isbn)?.title == "Book 1")
        var changed = book
        changed.title = "Saved"
        try await changed.save(db)
        #expect(try await Book.find(db, book.isbn)?.title == "Saved")
        changed.title = "Upserted"
        try await changed.upsert(db)
        #expect(try await Book.find(db, book.isbn)?.title == "Upserted")
        changed.title = "By ISBN"
        try await changed.upsert(db, onConflict: [Book.isbn])
        #expect(try await Book.find(db, keys: [book.isbn, "0000000000"]).map(\.title) == ["By ISBN"])

        let profile = AuthorProfile(biography: "Bio", links: [:], authorID: authorID)
        try await profile.insert(db)
        #expect(try await AuthorProfile.find(db, authorID)?.biography == "Bio")
    }

    @Test func tableHelpers() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        _ = try await Series.insert(db, contentsOf: [Series(title: "A"), Series(title: "B")])
        #expect(try await Series.truncate(db) == 2)
        #expect(try await Series.count(db) == 0)
        try await Series.dropTable(db)
        await #expect(throws: DatabaseError.self) { try await Series.count(db) }
        try await Series.createTable(db)
        #expect(try await Series.count(db) == 0)
    }

    // MARK: Queries

    @Test func requestFetchesCountsPagesAndBulkWrites() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 25)
        let titles = (1...25).map(AsyncLibrary.seriesTitle)

        let request = Series.order(Series.title)
        #expect(try await request.fetchAll(db).map(\.title) == titles)
        #expect(try await request.fetchOne(db)?.title == titles[0])
        #expect(try await Series.fetchAll(db).count == 25)
        #expect(try await Series.fetchOne(db) != nil)
        #expect(try await Series.filter(Series.title > titles[19]).count(db) == 5)
        #expect(try await Series.filter(Series.title == titles[3]).exists(db))
        #expect(try await !Series.filter(Series.title == "none").exists(db))

        let page = try await request.page(3, size: 10, in: db)
        #expect(page.items.map(\.title) == Array(titles[20...]))
        #expect(page.totalCount == 25 && page.pageCount == 3 && !page.hasNextPage)
        #expect(try await Series.page(1, size: 4, in: db).items.count == 4)
        let badPage = await #expect(throws: DatabaseError.self) { try await request.page(0, size: 10, in: db) }
        #expect(badPage?.kind == .misuse)

        #expect(try await Series.filter(Series.title <= titles[4]).updateAll(db, Series.isComplete.set(to: true)) == 5)
        #expect(try await Series.filter(Series.isComplete == true).count(db) == 5)
        #expect(try await Series.all().updateAll(db, [Series.isComplete.set(to: false)]) == 25)
        #expect(try await Series.updateAll(db, Series.isComplete.set(to: true)) == 25)
        #expect(try await Series.filter(Series.isComplete == false).count(db) == 0)
        #expect(try await Series.filter(Series.title > titles[14]).deleteAll(db) == 10)
        #expect(try await Series.count(db) == 15)
    }

    @Test func aggregatesAndSelectedColumns() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        let ratings = [1.0, 2.5, 4.0]
        for (index, rating) in ratings.enumerated() {
            var author = AsyncLibrary.author(index)
            author.rating = rating
            author.nickname = index == 0 ? nil : "same"
            try await author.insert(db)
        }
        let all = Author.all()
        #expect(try await all.sum(db, Author.rating) == 7.5)
        #expect(try await all.average(db, Author.rating) == 2.5)
        #expect(try await all.min(db, Author.rating) == 1.0)
        #expect(try await all.max(db, Author.rating) == 4.0)
        #expect(try await all.count(db, distinct: Author.nickname) == 1)
        #expect(try await all.aggregate(db, countAll()) == 3)
        #expect(try await Author.filter(Author.rating > 10).max(db, Author.rating) == nil)

        let pairs = try await Author.order(Author.rating).select(Author.name, Author.rating).fetchAll(db)
        #expect(pairs.map(\.1) == ratings)
        #expect(try await Author.order(Author.rating.desc).select(Author.name).fetchOne(db) == "Author 2")
    }

    @Test func rawSQL() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 3)

        let series = try await Series.fetchAll(db, sql: "SELECT * FROM series WHERE title > ? ORDER BY title", arguments: [AsyncLibrary.seriesTitle(1)])
        #expect(series.map(\.title) == [AsyncLibrary.seriesTitle(2), AsyncLibrary.seriesTitle(3)])
        #expect(try await Series.fetchOne(db, sql: "SELECT * FROM series ORDER BY title DESC")?.title == AsyncLibrary.seriesTitle(3))
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM series") == 3)
        #expect(try await String.fetchAll(db, sql: "SELECT title FROM series ORDER BY title").count == 3)
        let rows = try await Row.fetchAll(db, sql: "SELECT id, title AS t FROM series ORDER BY id") { row in
            try row.decode("t", as: String.self)
        }
        #expect(rows == (1...3).map(AsyncLibrary.seriesTitle))
        #expect(try await Row.fetchOne(db, sql: "SELECT 40 + 2 AS n") { try $0.decode("n", as: Int.self) } == 42)
        let seen = Mutex<[Int64]>([])
        try await Row.forEach(db, sql: "SELECT id FROM series ORDER BY id") { row in
            let id: Int64 = try row.decode(at: 0)
            seen.withLock { $0.append(id) }
        }
        #expect(seen.withLock { $0 } == [1, 2, 3])

        // SQL that writes runs on the writer, in a transaction, as the synchronous forms do.
        #expect(try await Int.fetchOne(db, sql: "INSERT INTO series (title) VALUES ('Returned') RETURNING id") == 4)
        let deleted = try await Row.fetchAll(db, sql: "DELETE FROM series WHERE id > 2 RETURNING id") { try $0.decode(at: 0) as Int }
        #expect(deleted.sorted() == [3, 4])
        #expect(try await Series.count(db) == 2)
        await #expect(throws: DatabaseError.self) { try await Int.fetchOne(db, sql: "SELECT nope FROM series") }
    }

    // MARK: Relations

    @Test func eagerLoadingAndNamedResults() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        let (authors, _) = try await library.insertAuthorsWithBooks()

        let related = try await Author.order(Author.name).including(Author.books).fetchAll(db)
        #expect(related.map(\.name) == ["Author 1", "Author 2", "Author 3"])
        #expect(related.map { $0.related.count } == [1, 2, 3])
        #expect(try await Author.order(Author.name.desc).including(Author.books).fetchOne(db)?.related.count == 3)
        #expect(try await Author.all().including(Author.books).count(db) == 3)
        let relatedPage = try await Author.order(Author.name).including(Author.books).page(2, size: 2, in: db)
        #expect(relatedPage.items.map(\.name) == ["Author 3"] && relatedPage.items[0].related.count == 3)

        #expect(try await AuthorWithBooks.fetchAll(db).map(\.books.count).sorted() == [1, 2, 3])
        let named = Author.order(Author.name).including(AuthorWithBooks.self)
        #expect(try await named.fetchAll(db).map(\.books.count) == [1, 2, 3])
        #expect(try await named.fetchOne(db)?.author.id == authors[0].id)
        #expect(try await named.count(db) == 3)
        #expect(try await named.page(1, size: 2, in: db).items.map(\.books.count) == [1, 2])
    }

    @Test func manyToManyMembers() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        let (_, books) = try await library.insertAuthorsWithBooks()
        let readers = try await Reader.insert(db, contentsOf: (1...3).map { Reader(cardNumber: Int64(1000 + $0), name: "Reader \($0)") })
        let book = books[0]

        try await book.readers.attach(db, [readers[0], readers[1]])
        try await book.readers.attach(db, readers[2])
        #expect(try await book.readers.count(db) == 3)
        try await book.readers.detach(db, [readers[0]])
        try await book.readers.detach(db, readers[1])
        #expect(try await book.readers.fetchAll(db).map(\.name) == ["Reader 3"])
        #expect(try await book.readers.fetchOne(db)?.name == "Reader 3")
        try await book.readers.set(db, [readers[1], readers[0]])
        #expect(try await book.readers.order(Reader.name).fetchAll(db).map(\.name) == ["Reader 1", "Reader 2"])
        let unsaved = await #expect(throws: DatabaseError.self) {
            try await book.readers.attach(db, Reader(cardNumber: 9, name: "Unsaved"))
        }
        #expect(unsaved?.kind == .misuse)

        var list = ReadingList(title: "Summer")
        try await list.insert(db)
        try await list.books.insert(db, books[0])
        try await list.books.insert(db, books[1], at: .bottom)
        try await list.books.insert(db, books[2], at: .top)
        #expect(try await list.books.fetchAll(db).map(\.isbn) == [books[2], books[0], books[1]].map(\.isbn))
        try await list.books.move(db, books[1], to: 0)
        #expect(try await list.books.fetchAll(db).map(\.isbn) == [books[1], books[2], books[0]].map(\.isbn))
        try await list.books.remove(db, books[2])
        #expect(try await list.books.fetchAll(db).map(\.isbn) == [books[1], books[0]].map(\.isbn))
    }

    @Test func graphSaveAssignsIDsToTheWholeGraph() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        var author = AsyncLibrary.author(1)
        let (books, profile) = try await author.save(
            db, with: Author.books.saving([AsyncLibrary.book(1, authorID: 0), AsyncLibrary.book(2, authorID: 0)]),
            Author.profile.saving(AuthorProfile(biography: "Bio", links: [:], authorID: 0)))
        let authorID = try #require(author.id)
        #expect(books.map(\.authorID) == [authorID, authorID])
        #expect(profile.authorID == authorID)
        #expect(try await author.books.count(db) == 2)

        // A failing graph keeps nothing, and the record is not changed.
        var other = AsyncLibrary.author(2)
        var badISBN = AsyncLibrary.book(3, authorID: 0)
        badISBN.isbn = "123"  // fails the length check
        await #expect(throws: DatabaseError.self) {
            try await other.save(db, with: Author.books.saving([AsyncLibrary.book(4, authorID: 0), badISBN]))
        }
        #expect(other.id == nil)
        #expect(try await Author.count(db) == 1)
        #expect(try await Book.count(db) == 2)
    }

    // MARK: Migrations

    @Test func migrateCreatesAFreshFile() async throws {
        let directory = try AsyncLibrary.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appendingPathComponent("fresh.sqlite").path)
        #expect(try await db.schemaVersion() == 0)
        #expect(try await db.migrate(ExampleSchema.self) == .created(version: ExampleSchema.version))
        #expect(try await db.schemaVersion() == ExampleSchema.version)
        #expect(try await db.schemaDifferences(ExampleSchema.self).filter { !$0.isTolerated }.isEmpty)
        #expect(try await db.migrate(ExampleSchema.self) == .upToDate(version: ExampleSchema.version))
        var series = Series(title: "After migrate")
        try await series.insert(db)
        #expect(series.id != nil)
        try db.close()
    }

    // MARK: Where the overloads run

    @Test func aVerbOnTheDatabaseIsAsyncAndOnAConnectionSynchronous() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        let statements = Mutex<[String]>([])
        db.trace { event in statements.withLock { $0.append(event.sql) } }
        var viaAsync = AsyncLibrary.author(1)
        try await viaAsync.insert(db)                         // on the database: async, in a write transaction
        let syncID = try Self.insertSynchronously(AsyncLibrary.author(2), db)  // on a connection: sync, autocommit
        db.trace(nil)
        let recorded = statements.withLock { $0 }
        #expect(recorded.filter { $0.hasPrefix("BEGIN") } == ["BEGIN IMMEDIATE TRANSACTION"])
        #expect(recorded.filter { $0.hasPrefix("INSERT") }.count == 2)
        #expect(recorded.first == "BEGIN IMMEDIATE TRANSACTION" && recorded.last?.hasPrefix("INSERT") == true)
        #expect(viaAsync.id != nil && syncID != nil)
    }

    /// A synchronous function: `insert(conn)` on the connection of `writeWithoutTransaction`, in autocommit mode.
    private static func insertSynchronously(_ author: Author, _ db: Database) throws -> Int64? {
        var author = author
        try db.writeWithoutTransaction { conn in try author.insert(conn) }
        return author.id
    }

    @Test func asyncFetchesRunOnAReaderWhileTheWriterIsBusy() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 3)
        let writing = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let releasedInTime = Mutex<Bool?>(nil)
        Thread {
            let released = try? db.write { conn in
                try conn.execute(sql: "INSERT INTO series (title) VALUES ('uncommitted')")
                writing.signal()
                return release.wait(timeout: .now() + 60) == .success  // deadlock guard only
            }
            releasedInTime.withLock { $0 = released }
            done.signal()
        }.start()
        await AsyncLibrary.wait(for: writing)
        // On the writer these would wait for the write above, which waits for them: they run on readers.
        #expect(try await Series.count(db) == 3)
        #expect(try await Series.order(Series.title).fetchAll(db).count == 3)
        release.signal()
        await AsyncLibrary.wait(for: done)
        #expect(releasedInTime.withLock { $0 } == true, "the fetches waited for the writer")
        #expect(try await Series.count(db) == 4)
    }

    // MARK: Stream

    @MainActor
    @Test func streamYieldsEveryRowInOrder() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 1000)
        var titles: [String] = []
        for try await series in Series.order(Series.title).stream(db) {
            titles.append(series.title)
        }
        #expect(titles == (1...1000).map(AsyncLibrary.seriesTitle))
        var count = 0
        for try await _ in Series.stream(db) { count += 1 }
        #expect(count == 1000)
        var filtered: [String] = []
        for try await series in Series.filter(Series.title <= AsyncLibrary.seriesTitle(3)).order(Series.title.desc).stream(db) {
            filtered.append(series.title)
        }
        #expect(filtered == [3, 2, 1].map(AsyncLibrary.seriesTitle))
        try db.close()
    }

    @Test func theProducerStaysAtMost64RecordsAhead() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 1000)
        let iterator = Series.order(Series.id).stream(db).makeAsyncIterator()
        var ids = [try #require(try await iterator.next()).id!]
        // The loop pauses: the producer fills the buffer, then waits.
        while iterator.bufferedCount < 64 { await Task.yield() }
        #expect(iterator.bufferedCount == 64)
        var mostAhead = 0
        while let series = try await iterator.next() {
            ids.append(series.id!)
            mostAhead = Swift.max(mostAhead, iterator.bufferedCount)
        }
        #expect(ids == Array(1...1000))
        #expect(mostAhead <= 64)
    }

    @Test func streamKeepsItsSnapshotWhileTheLoopReadsAndWrites() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 300)
        var count = 0
        for try await _ in Series.order(Series.id).stream(db) {
            if count == 0 {
                var extra = Series(title: "Written during the stream")
                try await extra.insert(db)                         // on the writer
                #expect(try await Series.count(db) == 301)         // on another reader
            }
            count += 1
        }
        #expect(count == 300, "the stream reads one snapshot, taken before the loop's insert")
        try db.close()
    }

    @Test func breakingOutOfTheLoopReleasesTheReader() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 1000)
        var titles: [String] = []
        for try await series in Series.order(Series.title).stream(db) {
            titles.append(series.title)
            if titles.count == 5 { break }
        }
        #expect(titles == (1...5).map(AsyncLibrary.seriesTitle))
        #expect(try await Series.count(db) == 1000)
        var extra = Series(title: "After the break")
        try await extra.insert(db)
        #expect(extra.id != nil)
        try db.close()  // waits for every reader: returns only once the stream's producer let go of its reader
        #expect(db.isClosed)
    }

    @Test func cancellingTheTaskStopsTheStream() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 1000)
        let (reached, reachedContinuation) = AsyncStream<Void>.makeStream()
        let consumer = Task { () -> (count: Int, error: (any Error)?) in
            var count = 0
            do {
                for try await _ in Series.order(Series.id).stream(db) {
                    count += 1
                    if count == 10 {
                        reachedContinuation.yield()
                        try? await Task.sleep(for: .seconds(3600))  // returns as soon as the task is cancelled
                    }
                }
                return (count, nil)
            } catch {
                return (count, error)
            }
        }
        for await _ in reached { break }
        consumer.cancel()
        let outcome = await consumer.value
        #expect(outcome.count == 10)
        #expect(outcome.error is CancellationError)

        #expect(try await Series.count(db) == 1000)
        var extra = Series(title: "After the cancel")
        try await extra.insert(db)
        #expect(try await Series.count(db) == 1001)
        try db.close()
        #expect(db.isClosed)
    }

    @Test func cancellingWhileTheProducerWaitsForAReader() async throws {
        let library = try AsyncLibrary(maximumReaderCount: 2)
        let db = library.db
        try await library.insertSeries(count: 100)
        // Both readers busy: the stream's producer cannot start.
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            Thread {
                try? db.read { _ in
                    holding.signal()
                    _ = release.wait(timeout: .now() + 60)  // deadlock guard only
                }
            }.start()
        }
        await AsyncLibrary.wait(for: holding)
        await AsyncLibrary.wait(for: holding)
        let consumer = Task { () -> String in
            do {
                for try await _ in Series.stream(db) { return "a record" }
                return "the end"
            } catch is CancellationError {
                return "cancelled"
            } catch {
                return "\(error)"
            }
        }
        consumer.cancel()
        #expect(await consumer.value == "cancelled")
        release.signal()
        release.signal()
        #expect(try await Series.count(db) == 100)
        try db.close()
    }

    @Test func streamRethrowsDatabaseErrorsAfterTheRowsBefore() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 10)
        try await db.execute(sql: "INSERT INTO series (id, title, is_complete) VALUES (11, 'bad', 'not a bool')")
        try await library.insertSeries(count: 5, from: 12)
        var count = 0
        let error = await #expect(throws: DatabaseError.self) {
            for try await _ in Series.order(Series.id).stream(db) { count += 1 }
        }
        #expect(count == 10)
        #expect(error?.kind == .decoding && error?.table == "series")
        #expect(try await Series.filter(Series.id > 11).count(db) == 5)
        try db.close()
    }

    @Test(arguments: [StreamSetup.inMemory, .oneReader])
    func streamWithoutAReaderToSpare(setup: StreamSetup) async throws {
        let library = try setup.open()
        let db = library.db
        try await library.insertSeries(count: 200)
        var titles: [String] = []
        for try await series in Series.order(Series.title).stream(db) {
            if titles.isEmpty {
                // Would wait forever for the stream if it held the only connection (or the only reader).
                var extra = Series(title: "zzz written during the stream")
                try await extra.insert(db)
                #expect(try await Series.count(db) == 201)
            }
            titles.append(series.title)
        }
        #expect(titles == (1...200).map(AsyncLibrary.seriesTitle))
        try db.close()
    }

    enum StreamSetup: Sendable, CustomTestStringConvertible {
        case inMemory, oneReader

        func open() throws -> AsyncLibrary {
            switch self {
            case .inMemory: try AsyncLibrary(inMemory: true)
            case .oneReader: try AsyncLibrary(maximumReaderCount: 1)
            }
        }

        var testDescription: String { self == .inMemory ? "in-memory database" : "maximumReaderCount 1" }
    }

    @Test func manyStreamsAtOnce() async throws {
        let library = try AsyncLibrary()
        let db = library.db
        try await library.insertSeries(count: 500)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var count = 0
                    for try await _ in Series.order(Series.id).stream(db) { count += 1 }
                    return count
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 500, count: 8))
        try db.close()
    }
}

/// A database file in a fresh temporary directory with every table of `ExampleSchema` created (as
/// `ExampleDatabase`, with options), removed when released.
final class AsyncLibrary: Sendable {
    let directory: URL?
    let db: Database

    init(maximumReaderCount: Int = 4, inMemory: Bool = false) throws {
        if inMemory {
            directory = nil
            db = try Database.inMemory()
        } else {
            let directory = try Self.makeDirectory()
            self.directory = directory
            db = try Database(
                path: directory.appendingPathComponent("library.sqlite").path,
                options: Database.Options(maximumReaderCount: maximumReaderCount))
        }
        try db.write { conn in
            for statement in ExampleSchema.createStatements(in: .sqlite) { try conn.execute(sql: statement) }
        }
    }

    deinit {
        try? db.close()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    static func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("AsyncAPITests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// "Series 0001": sorts as its number does.
    static func seriesTitle(_ number: Int) -> String {
        "Series " + String(repeating: "0", count: Swift.max(0, 4 - String(number).count)) + String(number)
    }

    /// Inserts series `first`…`first + count - 1`, ids in the same order.
    func insertSeries(count: Int, from first: Int = 1) async throws {
        try await Series.insert(db, contentsOf: (first..<(first + count)).map { Series(id: Int64($0), title: Self.seriesTitle($0)) })
    }

    static func author(_ number: Int) -> Author {
        Author(name: "Author \(number)", email: "author\(number)@example.org")
    }

    /// A book with a 13-character ISBN derived from `number`.
    static func book(_ number: Int, authorID: Int64) -> Book {
        let digits = String(number)
        return Book(
            isbn: "1" + String(repeating: "0", count: 12 - digits.count) + digits, title: "Book \(number)", tags: [],
            uid: UUID(), shelf: Shelf(row: 1, column: number), color: Color(red: 0, green: 0, blue: 0), authorID: authorID)
    }

    /// Authors 1…3, author n with n books (books 1…6 in order).
    func insertAuthorsWithBooks() async throws -> (authors: [Author], books: [Book]) {
        let authors = try await Author.insert(db, contentsOf: (1...3).map(Self.author))
        var books: [Book] = []
        for (index, author) in authors.enumerated() {
            for _ in 0...index { books.append(Self.book(books.count + 1, authorID: author.id!)) }
        }
        try await Book.insert(db, contentsOf: books)
        return (authors, books)
    }

    /// Waits for `semaphore` without blocking a thread of the task's executor (nor one of dispatch's, which
    /// the database's async calls use).
    static func wait(for semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            Thread {
                semaphore.wait()
                continuation.resume()
            }.start()
        }
    }
}
