import Foundation
@_spi(Testing) import ORMKit
import TestSupport
import Testing

@Suite("Query builder")
struct QueryBuilderTests {
    /// Ten authors: name "A0"…"A9" (plus "Bea" and "Cid"), rating = index, born set for even indexes.
    private func library() async throws -> (Database, TemporaryDirectory) {
        let (db, directory) = try makeLibrary()
        var authors = (0..<10).map { index in
            Author(name: "A\(index)", born: index.isMultiple(of: 2) ? Date(timeIntervalSince1970: Double(index) * 1000) : nil, rating: Double(index))
        }
        authors.append(Author(name: "Bea", rating: 5))
        authors.append(Author(name: "Cid", rating: 7))
        try await Author.insert(db, contentsOf: authors)
        return (db, directory)
    }

    private func names(_ request: QueryRequest<Author>, _ db: Database) async throws -> [String] {
        try await request.fetchAll(db).map(\.name)
    }

    @Test func theIssueExampleQuery() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let authors = (0..<40).map { Author(name: "A\($0)", born: Date(timeIntervalSince1970: Double($0 % 7)), rating: Double($0 % 6)) }
        try await Author.insert(db, contentsOf: authors)
        let result = try await Author.filter(Author.rating > 3 && Author.name.like("A%"))
            .order(Author.born.desc, Author.name)
            .limit(10, offset: 2)
            .fetchAll(db)
        let expected = authors.filter { $0.rating > 3 }
            .sorted { ($0.born!, $1.name) > ($1.born!, $0.name) }
            .dropFirst(2).prefix(10).map(\.name)
        #expect(result.map(\.name) == Array(expected))
    }

    @Test func comparisons() async throws {
        let (db, directory) = try await library()
        _ = directory
        let ordered = { (request: QueryRequest<Author>) in try await self.names(request.order(Author.name), db) }
        #expect(try await ordered(Author.filter(Author.rating == 5)) == ["A5", "Bea"])
        #expect(try await ordered(Author.filter(Author.rating != 5 && Author.rating >= 7)) == ["A7", "A8", "A9", "Cid"])
        #expect(try await ordered(Author.filter(Author.rating < 2)) == ["A0", "A1"])
        #expect(try await ordered(Author.filter(Author.rating <= 1 || Author.name == "Cid")) == ["A0", "A1", "Cid"])
        #expect(try await ordered(Author.filter(Author.rating > 8)) == ["A9"])
        #expect(try await ordered(Author.filter(!(Author.rating > 1))) == ["A0", "A1"])
        // Optional column compared with a wrapped value.
        #expect(try await ordered(Author.filter(Author.born > Date(timeIntervalSince1970: 5000))) == ["A6", "A8"])
        #expect(try await ordered(Author.filter(Author.born == nil && Author.name.like("A%"))) == ["A1", "A3", "A5", "A7", "A9"])
        #expect(try await Author.filter(Author.born != nil).count(db) == 5)
        // Column against column.
        #expect(try await Author.filter(Author.rating == Author.rating).count(db) == 12)
    }

    @Test func setsRangesPatternsAndNulls() async throws {
        let (db, directory) = try await library()
        _ = directory
        let ordered = { (request: QueryRequest<Author>) in try await self.names(request.order(Author.name), db) }
        #expect(try await ordered(Author.filter(Author.name.in(["A1", "Bea", "nobody"]))) == ["A1", "Bea"])
        #expect(try await Author.filter(Author.name.in([String]())).count(db) == 0)
        #expect(try await Author.filter(Author.name.notIn([String]())).count(db) == 12)
        #expect(try await Author.filter(Author.rating.notIn([0, 1, 2, 3, 4, 5, 6, 7, 8])).count(db) == 1)
        #expect(try await ordered(Author.filter(Author.rating.between(3, and: 4))) == ["A3", "A4"])
        #expect(try await Author.filter(Author.rating.notBetween(1, and: 9)).count(db) == 1)
        #expect(try await ordered(Author.filter(Author.name.like("b%"))) == ["Bea"])  // LIKE is case-insensitive
        #expect(try await ordered(Author.filter(Author.name.glob("b*"))) == [])       // GLOB is not
        #expect(try await ordered(Author.filter(Author.name.glob("[BC]*"))) == ["Bea", "Cid"])
        #expect(try await Author.filter(Author.born.isNull).count(db) == 7)
        #expect(try await Author.filter(Author.born.isNotNull).count(db) == 5)
    }

    @Test func arithmeticOnNumericColumns() async throws {
        let (db, directory) = try await library()
        _ = directory
        #expect(try await names(Author.filter(Author.rating * 2 + 1 == 19), db) == ["A9"])
        #expect(try await names(Author.filter(Author.rating - Author.rating / 2 == 4.5), db) == ["A9"])
        #expect(try await names(Author.filter(-Author.rating < -8.5), db) == ["A9"])
        #expect(try await Author.select(Author.rating + 0.5).filter(Author.name == "A1").fetchOne(db) == 1.5)
    }

    @Test func filtersCombineAndOrderingReplaces() async throws {
        let (db, directory) = try await library()
        _ = directory
        let request = Author.filter(Author.rating > 2).filter(Author.rating < 6).order(Author.name).order(Author.rating.desc, Author.name.asc)
        #expect(try await names(request, db) == ["A5", "Bea", "A4", "A3"])
        #expect(try await request.fetchOne(db)?.name == "A5")
        #expect(try await request.count(db) == 4)
        #expect(try await request.exists(db))
        #expect(try await !Author.filter(Author.rating > 100).exists(db))
        #expect(try await Author.limit(3).count(db) == 3)
        #expect(try await Author.order(Author.name).limit(2, offset: 10).fetchAll(db).map(\.name) == ["Bea", "Cid"])
    }

    @Test func groupHavingAndAggregates() async throws {
        let (db, directory) = try await library()
        _ = directory
        let all = Author.all()
        #expect(try await all.sum(db, Author.rating) == 57)
        #expect(try await all.average(db, Author.rating) == 57.0 / 12.0)
        #expect(try await all.min(db, Author.rating) == 0)
        #expect(try await all.max(db, Author.name) == "Cid")
        #expect(try await all.max(db, Author.born) == Date(timeIntervalSince1970: 8000))
        #expect(try await all.count(db, distinct: Author.rating) == 10)
        #expect(try await Author.filter(Author.rating > 100).sum(db, Author.rating) == nil)
        #expect(try await Author.filter(Author.rating > 100).min(db, Author.born) == nil)

        // Ratings 5 and 7 occur twice: group by rating, keep groups with more than one author.
        let groups = try await Author.select(Author.rating, countAll(), min(Author.name))
            .group(by: Author.rating)
            .having(countAll() > 1)
            .order(Author.rating)
            .fetchAll(db)
        #expect(groups.map(\.0) == [5, 7])
        #expect(groups.map(\.1) == [2, 2])
        #expect(groups.map(\.2) == ["A5", "A7"])
        #expect(try await Author.all().group(by: Author.rating).count(db) == 10)
        let request = Author.all().select(count(Author.born), count(distinct: Author.rating), sum(Author.rating), average(Author.rating))
        let totals = try #require(try await request.fetchOne(db))
        #expect(totals.0 == 5)
        #expect(totals.1 == 10)
        #expect(totals.2 == 57)
        #expect(totals.3 == 57.0 / 12.0)
    }

    @Test func selectScalarsTuplesAndDistinct() async throws {
        let (db, directory) = try await library()
        _ = directory
        let names: [String] = try await Author.select(Author.name).order(Author.name.desc).limit(2).fetchAll(db)
        #expect(names == ["Cid", "Bea"])
        let pairs = try await Author.filter(Author.rating == 5).select(Author.name, Author.rating).order(Author.name).fetchAll(db)
        #expect(pairs.map(\.0) == ["A5", "Bea"])
        #expect(pairs.map(\.1) == [5, 5])
        let quad = try await Author.all().select(Author.id, Author.name, Author.born, Author.rating).filter(Author.name == "A2").fetchOne(db)
        #expect(quad?.2 == Date(timeIntervalSince1970: 2000))
        #expect(try await Author.select(Author.rating).distinct().fetchAll(db).count == 10)
        // Any number of expressions: a six-column report row in one query.
        let report = try await Author.select(Author.rating, countAll(), sum(Author.rating), average(Author.rating), min(Author.name), max(Author.name))
            .group(by: Author.rating).having(countAll() > 1).order(Author.rating).fetchAll(db)
        #expect(report.map(\.0) == [5, 7])
        #expect(report.map(\.1) == [2, 2])
        #expect(report.map(\.2) == [10, 14])
        #expect(report.map(\.3) == [5, 7])
        #expect(report.map(\.4) == ["A5", "A7"])
        #expect(report.map(\.5) == ["Bea", "Cid"])
        let seven = try await Author.all().select(Author.id, Author.name, Author.born, Author.rating, Author.name, countAll(), Author.rating)
            .group(by: Author.id).filter(Author.name == "A2").fetchOne(db)
        #expect(seven?.1 == "A2" && seven?.4 == "A2" && seven?.5 == 1)
        #expect(try await Author.all().distinct().count(db) == 12)
    }

    @Test func updateAllAndDeleteAll() async throws {
        let (db, directory) = try await library()
        _ = directory
        #expect(try await Author.filter(Author.rating < 2).updateAll(db, Author.rating.set(to: 100), Author.born.set(to: nil)) == 2)
        #expect(try await Author.filter(Author.rating == 100).count(db) == 2)
        #expect(try await Author.filter(Author.name == "Cid").updateAll(db, Author.rating.set(to: Author.rating + 1)) == 1)
        #expect(try await Author.filter(Author.name == "Cid").fetchOne(db)?.rating == 8)
        #expect(try await Author.updateAll(db, Author.rating.set(to: 5)) == 12)
        #expect(try await Author.filter(Author.rating != 5).count(db) == 0)
        // Ordered and limited targets go through a rowid subquery.
        #expect(try await Author.order(Author.name.desc).limit(2).deleteAll(db) == 2)
        #expect(try await Author.filter(Author.name.in(["Bea", "Cid"])).count(db) == 0)
        #expect(try await Author.filter(Author.name.like("A%")).deleteAll(db) == 10)
        #expect(try await Author.count(db) == 0)
        let misuse = try await #require(throws: DatabaseError.self) { try await Author.all().updateAll(db, Book.title.set(to: "x")) }
        #expect(misuse.kind == .misuse)
    }

    @Test func enumConverterAndKeywordColumnsInQueries() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        var author = Author(name: "A")
        try await author.insert(db)
        let authorId = try #require(author.id)
        try await Book.insert(db, contentsOf: [
            Book(authorId: authorId, title: "One", isbn: "1", genre: .sciFi, priority: .high, color: Color(red: 1, green: 0, blue: 0)),
            Book(authorId: authorId, title: "Two", isbn: "2", genre: .default, color: Color(red: 0, green: 0, blue: 1)),
        ])
        #expect(try await Book.filter(Book.genre == .sciFi).fetchAll(db).map(\.title) == ["One"])
        #expect(try await Book.filter(Book.priority == .high).count(db) == 1)
        #expect(try await Book.filter(Book.priority == nil).count(db) == 1)
        #expect(try await Book.filter(Book.color == Color(red: 0, green: 0, blue: 1)).fetchOne(db)?.title == "Two")
        #expect(try await Book.filter(Book.metadata.isNull).count(db) == 2)
        #expect(try await Book.filter(Book.isAvailable).count(db) == 2)

        var row = Select(key: "k", default: "d", order: 2, filter: true)
        try await row.insert(db)
        try await row.upsert(db)
        #expect(try await Select.filter(Select.Columns.order > 1 && Select.Columns.filter).order(Select.Columns.order.desc).fetchOne(db) == row)
        #expect(try await Select.filter(Select.default == "d").updateAll(db, Select.Columns.order.set(to: 3)) == 1)
        #expect(try await Select.find(db, "k")?.order == 3)
        row.order = 4
        try await row.update(db, columns: [Select.Columns.order])
        #expect(try await Select.page(1, size: 1, in: db).items == [row])
        #expect(try await row.delete(db))
    }

    @Test func repeatedQueryShapesReuseTheirStatement() async throws {
        let (db, directory) = try await library()
        _ = directory
        @Sendable func run(_ conn: Connection, _ rating: Double, _ names: [String]) throws {
            _ = try Author.filter(Author.rating > rating && Author.name.in(names)).order(Author.name).limit(3).fetchAll(conn)
            _ = try Author.select(Author.name, Author.rating).filter(Author.rating > rating).fetchAll(conn)
            _ = try Author.filter(Author.rating > rating).count(conn)
        }
        // One read closure, so every query runs on the same connection and its statement cache.
        try await db.read { conn in
            try run(conn, 0, ["a", "b"])
            let before = conn.prepareCount
            for rating in 1...20 { try run(conn, Double(rating), ["x\(rating)", "y"]) }
            #expect(conn.prepareCount == before)
            try run(conn, 0, ["a", "b", "c"])  // a longer IN list is a new shape
            #expect(conn.prepareCount == before + 1)
        }
    }
}
