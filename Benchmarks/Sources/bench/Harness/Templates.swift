import BenchSupport
import Foundation

/// The database files of one benchmark process: seeded templates built once, fresh files per run, all
/// in a temporary directory removed at exit.
final class Databases {
    let directory: URL
    let sizes: Sizes
    private var templates: [String: String] = [:]
    private var counter = 0

    init(sizes: Sizes) throws {
        self.sizes = sizes
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ormgen-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The file a run of a workload starting at `start` opens, and whether the run owns it (delete after).
    func file(for start: DatabaseStart) throws -> (path: String, isScratch: Bool) {
        switch start {
        case .empty:
            let path = nextPath()
            try createSchema(at: path)
            return (path, true)
        case .shared(let template):
            return (try self.template(template), false)
        case .copy(let template):
            let source = try self.template(template)
            let path = nextPath()
            try FileManager.default.copyItem(atPath: source, toPath: path)
            return (path, true)
        }
    }

    /// Removes a scratch file and its WAL companions.
    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    /// A digest of the `items` table's full content: write workloads must leave identical tables.
    func digest(_ path: String) throws -> Int {
        let connection = try SQLiteConnection(path: path)
        return try connection.integer(
            """
            SELECT count(*) + sum(id) + sum(length(name)) + sum(length(email)) * 3 + sum(age) * 5
                + sum(CAST(score * 100 AS INTEGER)) + sum(active) * 7 + sum(CAST(created AS INTEGER) % 1000)
                + total(length(note)) + total(length(avatar)) + total(unicode(note)) + sum(visits) * 11
            FROM items
            """
        )
    }

    private func template(_ template: Template) throws -> String {
        let key = "\(template)"
        if let path = templates[key] { return path }
        let path = directory.appendingPathComponent("template-\(key).sqlite").path
        try createSchema(at: path)
        do {
            let seeder = try RawSQLiteContender(path: path)
            switch template {
            case .items: try seeder.seedItems(count: sizes.rows)
            case .cursorItems: try seeder.seedItems(count: sizes.cursorRows)
            case .library: try seeder.seedLibrary(authors: sizes.authors, booksPerAuthor: sizes.booksPerAuthor)
            case .documents, .indexedDocuments: try seeder.seedDocuments(count: sizes.rows)
            }
            if template == .documents {
                // The jsonPath workload's table has no path index: drop the generated schema's, and its pages.
                try seeder.connection.execute("DROP INDEX \"\(Fixture.pathIndex)\"; VACUUM")
            }
            if template == .documents || template == .indexedDocuments {
                try checkPlan(seeder.connection, usesPathIndex: template == .indexedDocuments)
            }
            try seeder.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        templates[key] = path
        return path
    }

    /// Checks that SQLite serves the JSON-path filter (A's SQL, the index's expression) with the path index exactly
    /// when the template has it, so the two workloads measure what their titles say.
    private func checkPlan(_ connection: SQLiteConnection, usesPathIndex: Bool) throws {
        let plan = try connection.queryPlan(RawSQLiteContender.documentsByCitySQL)
        guard plan.contains(Fixture.pathIndex) == usesPathIndex else {
            throw SQLiteError(
                code: 0, message: "expected a plan \(usesPathIndex ? "using" : "without") \(Fixture.pathIndex), got: \(plan)",
                sql: RawSQLiteContender.documentsByCitySQL)
        }
    }

    private func createSchema(at path: String) throws {
        let connection = try SQLiteConnection(path: path)
        for statement in Fixture.schema {
            try connection.execute(statement)
        }
    }

    private func nextPath() -> String {
        counter += 1
        return directory.appendingPathComponent("run-\(counter).sqlite").path
    }
}
