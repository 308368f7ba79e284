import ExampleModels
import Foundation
import ORMKit

/// The database a workload run works on: its path, how it is opened, and the open `Database` (nil before the
/// first open, after a close, and after a failed open).
final class WorkloadSession {
    let path: String
    let options: Database.Options
    private(set) var db: Database?

    init(path: String, options: Database.Options) {
        self.path = path
        self.options = options
    }

    /// Opens the database (with `options`, so through the fault VFS).
    ///
    /// - Throws: `DatabaseError` when it cannot be opened.
    func open() throws {
        db = try Database(path: path, options: options)
    }

    /// Closes the database; `db` is nil afterwards even when closing throws.
    ///
    /// - Throws: `DatabaseError` from `Database.close()`.
    func close() throws {
        defer { db = nil }
        try db?.close()
    }

    /// The open database.
    ///
    /// - Throws: `WorkloadError.notOpen` when there is none.
    func database() throws -> Database {
        guard let db else { throw WorkloadError.notOpen }
        return db
    }

    /// Runs `body` on the open database's writer with no transaction around it: each statement commits on its own,
    /// as a single call on the database does.
    ///
    /// - Throws: `WorkloadError.notOpen`, or what `body` throws.
    func writer<T>(_ body: (Connection) throws -> T) throws -> T {
        try database().writeWithoutTransaction(body)
    }
}

enum WorkloadError: Error {
    /// A step ran while the database was not open.
    case notOpen
    /// A row an earlier step inserted is missing.
    case missingRow
}

/// One atomic call of the workload: it either takes effect entirely or not at all. `run` returns what a read
/// step read (compared with the clean run's), or "" for a write.
struct WorkloadStep: Sendable {
    let name: String
    let run: @Sendable (WorkloadSession) throws -> String
}

/// A workload of inserts, updates, deletes, batches, reads, a creation and an upgrade migration, and a
/// close and reopen, run through the generated models of `Generated/`.
enum FaultWorkload {
    static let steps: [WorkloadStep] = [
        WorkloadStep(name: "open") { session in try session.open(); return "" },
        WorkloadStep(name: "migrate: create version 3") { session in
            "\(try session.writer { try $0.migrate(ExampleSchema.self) })"
        },
        WorkloadStep(name: "insert author") { session in
            var author = Author(name: "Ann", email: "ann@example.org", rating: 3)
            try session.writer { try author.insert($0) }
            return ""
        },
        WorkloadStep(name: "insert author 2") { session in
            var author = Author(name: "Bob", email: "bob@example.org", rating: 2, nickname: "bobby")
            try session.writer { try author.insert($0) }
            return ""
        },
        WorkloadStep(name: "update author") { session in
            try session.writer { db in
                guard var author = try Author.find(db, 3) else { throw WorkloadError.missingRow }
                author.rating = 4.5
                author.website = URL(string: "https://ann.example.org")
                try author.update(db)
            }
            return ""
        },
        WorkloadStep(name: "write batch") { session in
            try session.database().write { conn in
                var series = Series(title: "Earthsea Extras")
                try series.insert(conn)
                for n in 1...8 {
                    var book = book(n, authorID: n.isMultiple(of: 2) ? 3 : 4, seriesID: n < 4 ? series.id : nil)
                    try book.insert(conn)
                }
                guard var bob = try Author.find(conn, 4) else { throw WorkloadError.missingRow }
                bob.isActive = false
                try bob.update(conn)
                _ = try Book.delete(conn, key: book(5, authorID: 4, seriesID: nil).isbn)
            }
            return ""
        },
        WorkloadStep(name: "insert contentsOf") { session in
            try session.writer { _ = try Book.insert($0, contentsOf: (9...14).map { book($0, authorID: 2, seriesID: 1) }) }
            return ""
        },
        WorkloadStep(name: "read authors and books") { session in
            try session.writer { db in
                let names = try Author.fetchAll(db).map(\.name)
                return "\(names) \(try Book.count(db))"
            }
        },
        WorkloadStep(name: "cursor over books") { session in
            try session.database().read { conn in
                var titles: [String] = []
                let cursor = try Book.cursor(conn)
                while let book = try cursor.next() { titles.append(book.title) }
                return "\(titles)"
            }
        },
        WorkloadStep(name: "migrate: upgrade to version 4") { session in
            "\(try session.writer { try $0.migrate(LibraryV4.self, hooks: LibraryV4.hooks) })"
        },
        WorkloadStep(name: "close") { session in try session.close(); return "" },
        WorkloadStep(name: "reopen") { session in try session.open(); return "" },
        WorkloadStep(name: "update contentsOf") { session in
            try session.writer { db in
                let books = try Book.find(db, keys: (9...11).map { book($0, authorID: 2, seriesID: 1).isbn })
                try Book.update(db, contentsOf: books.map { var book = $0; book.copies += 10; return book })
            }
            return ""
        },
        WorkloadStep(name: "delete keys") { session in
            "\(try session.writer { try Book.delete($0, keys: [book(12, authorID: 2, seriesID: 1).isbn, book(13, authorID: 2, seriesID: 1).isbn]) })"
        },
        WorkloadStep(name: "write batch after upgrade") { session in
            try session.database().write { conn in
                for room in ["main", "annex", "attic"] {
                    try conn.execute(sql: "INSERT INTO shelf_notes (room, note) VALUES (?, ?)", arguments: [room, "dusty"])
                }
                var author = Author(name: "Cid", email: "cid@example.org", rating: 1)
                try author.insert(conn)
                var extra = book(15, authorID: author.id ?? 1, seriesID: nil)
                try extra.insert(conn)
            }
            return ""
        },
        WorkloadStep(name: "vacuum") { session in try session.writer { try $0.execute(sql: "VACUUM") }; return "" },
        WorkloadStep(name: "read in a transaction") { session in
            try session.database().read { conn in
                let titles = try Book.fetchAll(conn).map(\.title)
                let notes = try String.fetchAll(conn, sql: "SELECT room FROM shelf_notes ORDER BY id")
                return "\(titles) \(notes) \(try Author.count(conn))"
            }
        },
    ]

    /// Book number `n`, with every value fixed (no "now" default), so two runs write the same bytes.
    static func book(_ n: Int, authorID: Int64, seriesID: Int64?) -> Book {
        let digits = String(n)
        return Book(
            isbn: "978" + String(repeating: "0", count: 10 - digits.count) + digits,
            title: "Book \(n)",
            pages: Int32(100 + n),
            price: Decimal(1000 + n) / 100,
            tags: ["tag\(n)"],
            uid: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n >> 8), UInt8(n & 0xFF))),
            shelf: Shelf(row: n, column: n % 5),
            color: Color(red: UInt8(n), green: 0x40, blue: 0x80),
            addedAt: Date(timeIntervalSinceReferenceDate: Double(n) * 1000),
            authorID: authorID,
            seriesID: seriesID
        )
    }
}
