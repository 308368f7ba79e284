import Foundation
import ORMKit

/// The small data set LibraryApp inserts into a new database: 4 authors, 8 books, 3 loans.
enum SampleData {
    /// The authors as API-style JSON: the year of birth is nested under `life`.
    static let authorsJSON = """
        [{"name": "Ursula K. Le Guin", "life": {"born": 1929}}, {"name": "Isaac Asimov", "life": {"born": 1920}},
         {"name": "J. R. R. Tolkien", "life": {"born": 1892}}, {"name": "Mary Beard", "life": {"born": 1955}}]
        """

    /// Inserts every author, book and loan in one write transaction.
    ///
    /// - Throws: `DatabaseError` when an insert fails; nothing is inserted then.
    static func insert(into db: Database) throws {
        // The authors come as an API would send them; `codable: true` and `payload: life.born` map them.
        let authors = try JSONDecoder().decode([Author].self, from: Data(authorsJSON.utf8))
        try db.write { conn in
            let inserted = try Author.insert(conn, contentsOf: authors)
            let ids = try inserted.map(id)
            let (leGuinID, asimovID, tolkienID, beardID) = (ids[0], ids[1], ids[2], ids[3])

            let books = try Book.insert(conn, contentsOf: [
                Book(title: "A Wizard of Earthsea", genre: .fantasy, year: 1968, pages: 183, rating: 4.6, tags: ["earthsea", "classic"], authorID: leGuinID),
                Book(title: "The Left Hand of Darkness", genre: .scienceFiction, year: 1969, pages: 304, rating: 4.7, tags: ["hainish"], authorID: leGuinID),
                Book(title: "The Dispossessed", genre: .scienceFiction, year: 1974, pages: 387, rating: 4.5, tags: ["hainish", "utopia"], authorID: leGuinID),
                Book(title: "Foundation", genre: .scienceFiction, year: 1951, pages: 255, rating: 4.3, tags: ["foundation"], authorID: asimovID),
                Book(title: "I, Robot", genre: .scienceFiction, year: 1950, pages: 253, rating: 4.2, tags: ["robots", "stories"], authorID: asimovID),
                Book(title: "The Hobbit", genre: .fantasy, year: 1937, pages: 310, rating: 4.8, tags: ["middle-earth"], authorID: tolkienID),
                Book(title: "The Fellowship of the Ring", genre: .fantasy, year: 1954, pages: 423, rating: 4.9, tags: ["middle-earth"], authorID: tolkienID),
                Book(title: "SPQR", genre: .history, year: 2015, pages: 608, rating: 4.1, tags: ["rome"], authorID: beardID),
            ])

            let day: TimeInterval = 86_400
            let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
            let byTitle = Dictionary(uniqueKeysWithValues: books.map { ($0.title, $0) })
            try Loan.insert(conn, contentsOf: [
                Loan(member: "Ged", loanedAt: start, returnedAt: start + 14 * day, dueAt: start + 21 * day, bookID: try id(byTitle["The Hobbit"])),
                Loan(member: "Tenar", loanedAt: start + 3 * day, dueAt: start + 24 * day, bookID: try id(byTitle["The Dispossessed"])),
                Loan(member: "Ged", loanedAt: start + 20 * day, dueAt: start + 41 * day, bookID: try id(byTitle["SPQR"])),
            ])
        }
    }

    /// The id an inserted author was given.
    private static func id(_ author: Author) throws -> Int64 {
        guard let id = author.id else { throw LibraryError.missingID("author \(author.name)") }
        return id
    }

    /// The id an inserted book was given.
    private static func id(_ book: Book?) throws -> Int64 {
        guard let book, let id = book.id else { throw LibraryError.missingID("book") }
        return id
    }
}

/// What can go wrong in LibraryApp itself (database errors are `DatabaseError`).
enum LibraryError: Error, CustomStringConvertible {
    case missingID(String)

    var description: String {
        switch self {
        case .missingID(let what): "\(what) has no id after insert"
        }
    }
}
