import Synchronization
import ExampleModels
import Foundation
import ORMKit
import Testing

/// Rows of any SQL read by column name and index, and joined rows decoded into a record plus extra columns.
@Suite("Raw rows")
struct RawRowTests {
    private func library() async throws -> (ExampleDatabase, Author) {
        let example = try ExampleDatabase()
        var author = Author(name: "Ursula", email: "u@example.org", rating: 4.5)
        try await author.insert(example.db)
        for (isbn, title) in [("9780553383041", "A Wizard"), ("9780553383058", "The Tombs")] {
            let book = Book(
                isbn: isbn, title: title, tags: ["x"], uid: UUID(), shelf: Shelf(row: 1, column: 2),
                color: Color(red: 1, green: 2, blue: 3), authorID: try #require(author.id))
            try await book.insert(example.db)
        }
        return (example, author)
    }

    @Test func joinedRowsDecodeIntoARecordPlusExtraColumns() async throws {
        let (example, author) = try await library()
        let lines = try await Row.fetchAll(example.db, sql: """
            SELECT books.*, authors.name AS author_name, authors.rating * 2 AS doubled
            FROM books JOIN authors ON authors.id = books.author_id ORDER BY books.title
            """) { row in
            (book: try row.decode(Book.self), author: try row.decode("author_name", as: String.self), doubled: try row["DOUBLED"] as Double)
        }
        #expect(lines.map(\.book.title) == ["A Wizard", "The Tombs"])
        #expect(lines.map(\.book.authorID) == [author.id, author.id])
        #expect(lines.map(\.author) == ["Ursula", "Ursula"])
        #expect(lines.map(\.doubled) == [9, 9])
        let first = try await Row.fetchOne(example.db, sql: "SELECT count(*) AS n, max(title) AS last FROM books") { row in
            (try row[0] as Int, try row["last"] as String?)
        }
        #expect(first?.0 == 2 && first?.1 == "The Tombs")
        let streamed = Mutex<[String]>([])
        try await Row.forEach(example.db, sql: "SELECT title FROM books WHERE author_id = ? ORDER BY title", arguments: [author.id]) { row in
            let title: String = try row.decode("title")
            streamed.withLock { $0.append(title) }
        }
        #expect(streamed.withLock { $0 } == ["A Wizard", "The Tombs"])
    }

    @Test func unknownColumnsAndMisplacedRecordsAreClearErrors() async throws {
        let (example, _) = try await library()
        await #expect {
            _ = try await Row.fetchOne(example.db, sql: "SELECT title, isbn FROM books") { row in try row.decode("name", as: String.self) }
        } throws: { error in
            let error = error as? DatabaseError
            return error?.message == "no column 'name' in the row; its columns are title, isbn" && error?.column == "name"
        }
        await #expect {
            _ = try await Row.fetchOne(example.db, sql: "SELECT authors.name, books.* FROM books JOIN authors ON authors.id = books.author_id") { row in
                try row.decode(Book.self)
            }
        } throws: { error in
            "\(error)".contains("the row's leading columns (name, isbn, title") && "\(error)".contains("select them first, in order (SELECT books.*, …)")
        }
        await #expect(throws: DatabaseError.self) {
            _ = try await Row.fetchOne(example.db, sql: "SELECT title FROM books") { row in try row["title"] as Int }
        }
    }
}
