import ExampleModels
import Foundation
import ORMKit

/// A database file in a fresh temporary directory with every table of `ExampleSchema` created (with `dialect`'s
/// DDL); the directory is removed when the returned handle is released.
final class ExampleDatabase {
    let directory: URL
    let db: Database

    init(dialect: SQLDialect = .sqlite, options: Database.Options = Database.Options()) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("GeneratedTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        db = try Database(path: directory.appendingPathComponent("library.sqlite").path, options: options)
        try db.write { conn in
            for statement in ExampleSchema.createStatements(in: dialect) { try conn.execute(sql: statement) }
        }
    }

    /// Inserts `ExampleSchema.seed` with plain bound INSERTs (the migrator does the same on creation).
    func insertSeed() throws {
        try db.write { conn in
            for row in ExampleSchema.seed {
                let columns = row.columns.map { "\"\($0)\"" }.joined(separator: ", ")
                let placeholders = Array(repeating: "?", count: row.values.count).joined(separator: ", ")
                try conn.execute(
                    sql: "INSERT INTO \"\(row.table)\" (\(columns)) VALUES (\(placeholders))",
                    arguments: StatementArguments(row.values)
                )
            }
        }
    }

    deinit {
        try? db.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
