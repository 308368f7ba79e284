import ExampleModels
import Foundation
import ORMKit
import Synchronization

/// A database file in a fresh temporary directory with every table of `ExampleSchema` created (foreign keys
/// on, the runtime's default); the directory is removed when the handle is released.
final class LibraryDatabase {
    let directory: URL
    let db: Database

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("RelationTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        db = try Database(path: directory.appendingPathComponent("library.sqlite").path)
        try db.write { conn in
            for statement in ExampleSchema.createStatements(in: .sqlite) { try conn.execute(sql: statement) }
        }
    }

    deinit {
        try? db.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `body` and returns how many statements SQLite executed meanwhile (through the trace hook).
    func countingStatements<T>(_ body: () async throws -> T) async throws -> (T, statements: [String]) {
        let log = Mutex<[String]>([])
        db.trace { event in log.withLock { $0.append(event.sql) } }
        defer { db.trace(nil) }
        let result = try await body()
        return (result, log.withLock { $0 })
    }
}

/// Sample records: every required field filled, names and keys derived from a number.
enum Sample {
    static func author(_ number: Int) -> Author {
        Author(name: "Author \(number)", email: "author\(number)@example.org")
    }

    /// A book with a valid 13-character ISBN derived from `number`.
    static func book(_ number: Int, authorID: Int64, genre: Book.Genre = .fiction, title: String? = nil) -> Book {
        Book(
            isbn: isbn(number), title: title ?? "Book \(number)", genre: genre, tags: [], uid: UUID(),
            shelf: Shelf(row: 1, column: number), color: Color(red: 0, green: 0, blue: 0), authorID: authorID)
    }

    /// `1` followed by `number` zero-padded to 12 digits.
    static func isbn(_ number: Int) -> String {
        let digits = String(number)
        return "1" + String(repeating: "0", count: Swift.max(0, 12 - digits.count)) + digits
    }

    static func reader(_ number: Int) -> Reader {
        Reader(cardNumber: Int64(1000 + number), name: "Reader \(number)")
    }
}
