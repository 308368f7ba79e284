import BenchSupport
import Foundation
import ORMKit

// `swift run -c release --package-path Benchmarks --traits SQLCipher bench-encryption [--quick] [--reps N]`:
// ORMKit on SQLCipher, the same workloads on a plaintext file (P) and on an encrypted one (E), interleaved,
// each run on a fresh Database (new connections: an empty page cache, so every page read is decrypted).
// Both sides use the same library (SQLCipher's SQLite), so the ratio E/P is the cost of the encryption alone.

#if SQLCipher
enum Mode: String, CaseIterable {
    case plain = "P"
    case passphrase = "E"
    /// A raw key: no key derivation at open.
    case rawKey = "R"

    var options: Database.Options {
        var options = Database.Options()
        switch self {
        case .plain: break
        case .passphrase: options.encryptionKey = .passphrase("benchmark passphrase")
        case .rawKey: options.encryptionKey = .raw((0..<32).map { UInt8($0) })
        }
        return options
    }
}

struct Run {
    let rows: Int
    let lookups: Int
    let folder: URL

    func open(_ mode: Mode, _ name: String) throws -> Database {
        let db = try Database(path: folder.appendingPathComponent("\(mode.rawValue)-\(name).sqlite").path, options: mode.options)
        try db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = NORMAL") }
        return db
    }

    func item(_ id: Int, visits: Int? = nil) -> Item {
        Item(
            id: visits == nil ? nil : Int64(id), name: Fixture.name(id), email: Fixture.email(id), age: Fixture.age(id),
            score: Fixture.score(id), active: Fixture.active(id), created: Fixture.created(id),
            note: Fixture.note(id), avatar: Fixture.avatar(id), visits: visits ?? Fixture.visits(id)
        )
    }

    /// Milliseconds of each step on a new file: insert; then on a reopened database (new connections, an empty page
    /// cache) the open and first read (the key derivation of a passphrase), fetch all; then on another one the
    /// lookups (after its reader's first read) and the update.
    func measure(_ mode: Mode, repetition: Int) throws -> [String: Double] {
        var times: [String: Double] = [:]
        func time<T>(_ step: String, _ body: () throws -> T) rethrows -> T {
            let start = DispatchTime.now().uptimeNanoseconds
            defer { times[step] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }
            return try body()
        }
        let name = "run\(repetition)"
        do {
            let db = try open(mode, name)
            try db.writeWithoutTransaction { try $0.execute(sql: "CREATE TABLE IF NOT EXISTS \"items\" (\"id\" INTEGER PRIMARY KEY AUTOINCREMENT, \"name\" TEXT NOT NULL, \"email\" TEXT NOT NULL, \"age\" INTEGER NOT NULL, \"score\" REAL NOT NULL, \"active\" INTEGER NOT NULL, \"created\" REAL NOT NULL, \"note\" TEXT, \"avatar\" BLOB, \"visits\" INTEGER NOT NULL)") }
            var items = (1...rows).map { item($0) }
            try time("insert") {
                try db.write { conn in for index in items.indices { try items[index].insert(conn) } }
            }
            try db.close()
        }
        let db = try time("open + first read") {
            let db = try open(mode, name)
            _ = try db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            return db
        }
        let all = try time("fetch all") { try db.read { conn in try Item.fetchAll(conn) } }
        precondition(all.count == rows)
        try db.close()
        // A new database: its reader derives the key on its first read, timed apart from the lookups.
        let lookupDB = try open(mode, name)
        _ = try Int.fetchOne(lookupDB, sql: "SELECT count(*) FROM sqlite_master")
        // Twice on one connection: SQLite's page cache (2 MB by default) holds only part of the file, so the second pass
        // decrypts again the pages it misses.
        for step in ["lookups", "lookups again"] {
            try time(step) {
                try lookupDB.read { conn in
                    for k in 0..<lookups { _ = try Item.find(conn, Fixture.lookupKey(k, rows: rows)) }
                }
            }
        }
        let updates = (1...rows).map { item($0, visits: $0 * 3 + 1) }
        try time("update") {
            try lookupDB.write { conn in for item in updates { try item.update(conn) } }
        }
        try lookupDB.close()
        return times
    }
}

func main() throws {
    let arguments = CommandLine.arguments.dropFirst()
    let quick = arguments.contains("--quick")
    let reps = arguments.firstIndex(of: "--reps").flatMap { Int(arguments[$0 + 1]) } ?? (quick ? 3 : 5)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-encryption-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = Run(rows: quick ? 10_000 : 100_000, lookups: quick ? 1_000 : 10_000, folder: folder)
    var samples: [Mode: [String: [Double]]] = [:]
    for repetition in 0..<reps {
        let modes = Mode.allCases
        for offset in modes.indices {
            let mode = modes[(offset + repetition) % modes.count]
            for (step, ms) in try run.measure(mode, repetition: repetition) { samples[mode, default: [:]][step, default: []].append(ms) }
        }
        FileHandle.standardError.write(Data("repetition \(repetition + 1)/\(reps) done\n".utf8))
    }
    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    let version = (try? String.fetchOne(Database.inMemory(), sql: "SELECT sqlite_version()")) ?? "?"
    let cipher = (try? String.fetchOne(Database.inMemory(), sql: "PRAGMA cipher_version")) ?? "?"
    print("SQLCipher \(cipher) (SQLite \(version)), \(run.rows) rows, \(run.lookups) lookups, median of \(reps), modes interleaved")
    print("P: plaintext file; E: passphrase (PBKDF2 at open); R: raw 32-byte key. Same library for all three.\n")
    print("| step | P (ms) | E (ms) | R (ms) | E/P | R/P |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for step in ["insert", "open + first read", "fetch all", "lookups", "lookups again", "update"] {
        let p = median(samples[.plain]?[step] ?? [0]), e = median(samples[.passphrase]?[step] ?? [0]), r = median(samples[.rawKey]?[step] ?? [0])
        print(String(format: "| %@ | %.1f | %.1f | %.1f | %.2f | %.2f |", step, p, e, r, e / p, r / p))
    }
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
#else
FileHandle.standardError.write(Data("bench-encryption needs the SQLCipher trait: swift run -c release --package-path Benchmarks --traits SQLCipher bench-encryption\n".utf8))
exit(2)
#endif
