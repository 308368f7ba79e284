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
            case .articles: try seeder.seedArticles(count: sizes.rows)
            case .shelves: try seeder.seedShelves(shelves: Fixture.shelves(sizes), volumesPerShelf: sizes.booksPerAuthor)
            }
            if template == .documents {
                // The jsonPath workload's table has no path index: drop the generated schema's, and its pages.
                try seeder.connection.execute("DROP INDEX \"\(Fixture.pathIndex)\"; VACUUM")
            }
            if template == .documents || template == .indexedDocuments {
                try checkPlan(seeder.connection, usesPathIndex: template == .indexedDocuments)
            }
            try seeder.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            if template == .articles {
                try checkMatchingPlans(seeder.connection, path: path)
            }
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

    /// Checks that SQLite runs both contenders' `matching` SQL from the FTS5 index (the virtual table's MATCH first,
    /// then the articles by rowid), and prints both plans on stderr. D's SQL is what ORMKit ran, captured by an
    /// instrument during one untimed run.
    private func checkMatchingPlans(_ connection: SQLiteConnection, path: String) throws {
        let capture = SQLCapture()
        do {
            let contender = try ORMKitContender(path: path, instrument: capture)
            _ = try contender.prepare(.matching, sizes: sizes)?()
        }
        guard let dSQL = capture.statements.first(where: { $0.contains("MATCH") }) else {
            throw SQLiteError(code: 0, message: "D ran no MATCH statement: \(capture.statements)", sql: "")
        }
        for (name, sql) in [("A", RawSQLiteContender.matchingSQL), ("D", dSQL)] {
            let plan = try connection.queryPlan(sql)
            let steps = plan.components(separatedBy: "; ")
            guard steps.first?.contains("VIRTUAL TABLE INDEX") == true, plan.contains("SEARCH articles USING INTEGER PRIMARY KEY") else {
                throw SQLiteError(code: 0, message: "expected \(name)'s matching plan to start from the FTS5 index, got: \(plan)", sql: sql)
            }
            FileHandle.standardError.write(Data("matching, \(name): \(sql)\n  plan: \(plan)\n".utf8))
        }
        // How many articles each query matches (what the ranking sorts before the top 20 is cut).
        let counts = try (0..<sizes.searches).map { k in
            let query = Fixture.matchQuery(k)
            let count = try connection.integer(
                "SELECT count(*) FROM articles_search WHERE articles_search MATCH '\(RawSQLiteContender.ftsQuery(query))'")
            return "\(query): \(count)"
        }
        FileHandle.standardError.write(Data("matching, matches per query: \(counts.joined(separator: ", "))\n".utf8))
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
