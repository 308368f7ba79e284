import Foundation
import ORMKit

/// The cost of `migrate` on an up-to-date database, which reads the version, the storage format and every
/// column's declared type before any typed query runs: a 20-table schema of 8 columns each, on a
/// file. Compared with reading `PRAGMA user_version` alone, what an up-to-date `migrate` cost before the
/// storage check.
enum OpenCheck {
    /// A 20-table schema: an integer key and seven columns of every storage class and a few declared storages.
    enum TwentyTables: DatabaseSchema {
        static let version = 1
        static let tables: [TableSchema] = (1...20).map { number in
            let name = "table\(number)"
            let columns: [(String, String, ColumnKind, String?)] = [
                ("id", "INTEGER", .integer, nil), ("title", "TEXT", .text, nil), ("price", "NUMERIC(10,2)", .decimal(scale: nil), "real"),
                ("created", "DATETIME", .date, "sqliteText"), ("rating", "REAL", .double, nil), ("blob", "BLOB", .bytes, nil),
                ("uuid", "TEXT", .uuid, "text"), ("flag", "INTEGER", .bool, "integer"),
            ]
            let schemas = columns.map { column, type, kind, storage in
                ColumnSchema(name: column, type: type, kind: kind, isNullable: column != "id", storage: storage)
            }
            return TableSchema(name: name, columns: schemas, primaryKey: ["id"], isAutoIncrement: true)
        }
        static let migrations: [Migration] = []
        static let seed: [SeedRow] = []
    }

    struct Measurement {
        /// Median microseconds of `migrate` on the up-to-date file.
        var migrate: Double
        /// Median microseconds of reading `PRAGMA user_version`.
        var versionRead: Double
    }

    /// Times `repetitions` calls of each on one open file.
    static func measure(repetitions: Int) throws -> Measurement {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-open-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appendingPathComponent("twenty.sqlite").path)
        defer { try? db.close() }
        try db.writeWithoutTransaction { try $0.migrate(TwentyTables.self) }
        func median(_ body: () throws -> Void) rethrows -> Double {
            var samples: [UInt64] = []
            for _ in 0..<repetitions {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                samples.append(DispatchTime.now().uptimeNanoseconds - start)
            }
            return Double(samples.sorted()[samples.count / 2]) / 1_000
        }
        let migrate = try median { try db.writeWithoutTransaction { _ = try $0.migrate(TwentyTables.self) } }
        let versionRead = try median { _ = try db.read { try $0.schemaVersion() } }
        return Measurement(migrate: migrate, versionRead: versionRead)
    }
}
