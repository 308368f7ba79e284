#if SQLCipher
import ExampleModels
import Foundation
import ORMKit
import ORMKitSQLite
import Testing

/// Encryption at rest (the `SQLCipher` trait): real files in temporary directories, read back byte by byte.
@Suite("Encryption") struct EncryptionTests {
    /// A fresh temporary directory, removed when released.
    final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("Encryption-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static let secretName = "Zyxwvut Quillfeather"
    static let passphrase = "correct horse battery staple"

    private static func open(_ path: String, key: EncryptionKey?) throws -> Database {
        var options = Database.Options()
        options.encryptionKey = key
        return try Database(path: path, options: options)
    }

    /// A database at `path` with the example schema and one author named `secretName`.
    private static func create(_ path: String, key: EncryptionKey?) async throws -> Database {
        let db = try open(path, key: key)
        try await db.migrate(ExampleSchema.self, hooks: ["backfillReaderTokens": { _ in }])
        var author = Author(name: secretName, email: "quill@hidden.example", rating: 4)
        try await author.insert(db)
        return db
    }

    /// The names of the authors the tests wrote (the schema's seed rows have ids 1 and 2).
    private static func written(_ db: some DatabaseReader) async throws -> [String] {
        try await Author.filter(Author.id > 2).order(Author.name).fetchAll(db).map(\.name)
    }

    /// The bytes of the database file and its WAL (what a stolen disk or backup holds).
    private static func bytes(_ path: String) throws -> Data {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        if let wal = try? Data(contentsOf: URL(fileURLWithPath: path + "-wal")) { data.append(wal) }
        return data
    }

    private static func openFailure(_ path: String, key: EncryptionKey?) -> DatabaseError? {
        do {
            let db = try open(path, key: key)
            try? db.close()
            return nil
        } catch {
            return error as? DatabaseError
        }
    }

    @Test func anEncryptedFileHoldsNoneOfThePlaintextWritten() async throws {
        let folder = try Folder()
        let path = folder.path("secret.sqlite")
        let db = try await Self.create(path, key: .passphrase(Self.passphrase))
        // The WAL holds the written pages before a checkpoint: both are checked, while open and after close.
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try Self.bytes(path).range(of: Data(Self.secretName.utf8)) == nil)
        try db.close()
        let data = try Self.bytes(path)
        #expect(data.count > 4096)
        #expect(data.range(of: Data(Self.secretName.utf8)) == nil)
        #expect(data.range(of: Data("CREATE TABLE".utf8)) == nil)
        #expect(data.range(of: Data("SQLite format 3".utf8)) == nil)

        // The same steps on a plaintext file do leave the name in it: the check above can fail.
        let plain = try await Self.create(folder.path("plain.sqlite"), key: nil)
        try plain.close()
        #expect(try Self.bytes(folder.path("plain.sqlite")).range(of: Data(Self.secretName.utf8)) != nil)

        let reopened = try Self.open(path, key: .passphrase(Self.passphrase))
        #expect(try await Self.written(reopened) == [Self.secretName])
        // Temporary data (sorts, temporary tables) stays in memory: 2 = MEMORY, on the writer and on a reader.
        #expect(try await reopened.write { conn in try Int.fetchOne(conn, sql: "PRAGMA temp_store") } == 2)
        #expect(try await Int.fetchOne(reopened, sql: "PRAGMA temp_store") == 2)
        try reopened.close()
    }

    @Test func aWrongKeyIsReportedAsSuchNeverAsACorruptFileAndChangesNothing() async throws {
        let folder = try Folder()
        let path = folder.path("secret.sqlite")
        try await Self.create(path, key: .passphrase(Self.passphrase)).close()
        let before = try Self.bytes(path)

        let wrong = try #require(Self.openFailure(path, key: .passphrase("tr0ub4dor&3")))
        #expect(wrong.resultCode == SQLITE_NOTADB)
        #expect(wrong.message.contains("cannot open database at \(path): wrong key or not an encrypted database"))
        #expect(!wrong.message.contains("tr0ub4dor"))
        let wrongRaw = try #require(Self.openFailure(path, key: .raw(Array(repeating: 7, count: 32))))
        #expect(wrongRaw.message.contains("wrong key or not an encrypted database"))
        let none = try #require(Self.openFailure(path, key: nil))
        #expect(none.resultCode == SQLITE_NOTADB)
        #expect(none.message.contains("not an SQLite database"))
        // A plaintext file opened with a key is not an encrypted database either.
        try await Self.create(folder.path("plain.sqlite"), key: nil).close()
        let plain = try #require(Self.openFailure(folder.path("plain.sqlite"), key: .passphrase(Self.passphrase)))
        #expect(plain.message.contains("wrong key or not an encrypted database"))

        #expect(try Self.bytes(path) == before)
        let db = try Self.open(path, key: .passphrase(Self.passphrase))
        #expect(try await Self.written(db) == [Self.secretName])
        try db.close()
    }

    @Test func rekeyThenReopenWithTheNewKeyOnly() async throws {
        let folder = try Folder()
        let path = folder.path("secret.sqlite")
        let newKey = EncryptionKey.raw((0..<32).map { UInt8($0 * 7 % 256) })
        let db = try await Self.create(path, key: .passphrase(Self.passphrase))
        #expect(db.hasReaderPool)
        // Readers opened with the old key are in the pool; after the rekey they must read with the new one.
        async let first = Author.fetchAll(db)
        async let second = Author.count(db)
        _ = try await (first, second)
        try await db.rekey(to: newKey)
        #expect(try await Self.written(db) == [Self.secretName])
        var author = Author(name: "After Rekey", email: "after@hidden.example", rating: 2)
        try await author.insert(db)
        try db.close()

        #expect(Self.openFailure(path, key: .passphrase(Self.passphrase))?.message.contains("wrong key") == true)
        let reopened = try Self.open(path, key: newKey)
        #expect(try await Self.written(reopened) == ["After Rekey", Self.secretName])
        try reopened.close()

        let plain = try await Self.create(folder.path("plain.sqlite"), key: nil)
        await #expect(throws: DatabaseError.self) { try await plain.rekey(to: newKey) }
        try plain.close()
    }

    @Test func aPlaintextFileExportsEncryptedAndBack() async throws {
        let folder = try Folder()
        let plainPath = folder.path("plain.sqlite")
        let plain = try await Self.create(plainPath, key: nil)
        let version = try await plain.schemaVersion()
        let encryptedPath = folder.path("encrypted.sqlite")
        try await plain.export(to: encryptedPath, encryptionKey: .passphrase(Self.passphrase))
        // The source is unchanged and still plaintext.
        #expect(try await Self.written(plain) == [Self.secretName])
        let existing = await #expect(throws: DatabaseError.self) {
            try await plain.export(to: encryptedPath, encryptionKey: .passphrase(Self.passphrase))
        }
        #expect(existing?.message.contains("a file exists there") == true)
        try plain.close()
        #expect(try Self.bytes(plainPath).range(of: Data(Self.secretName.utf8)) != nil)

        #expect(try Self.bytes(encryptedPath).range(of: Data(Self.secretName.utf8)) == nil)
        let encrypted = try Self.open(encryptedPath, key: .passphrase(Self.passphrase))
        #expect(try await Self.written(encrypted) == [Self.secretName])
        #expect(try await encrypted.schemaVersion() == version)
        // Migrating the copy finds nothing to do: it is the same schema at the same version.
        try await encrypted.migrate(ExampleSchema.self, hooks: ["backfillReaderTokens": { _ in }])

        let decryptedPath = folder.path("decrypted.sqlite")
        try await encrypted.export(to: decryptedPath, encryptionKey: nil)
        try encrypted.close()
        let decrypted = try Self.open(decryptedPath, key: nil)
        #expect(try await Self.written(decrypted) == [Self.secretName])
        try decrypted.close()
    }

    @Test func readersAndObservationWorkOnAnEncryptedFile() async throws {
        let folder = try Folder()
        let db = try await Self.create(folder.path("secret.sqlite"), key: .passphrase(Self.passphrase))
        var values = db.observe(Author.filter(Author.id > 2).order(Author.name)).makeAsyncIterator()
        #expect(try await values.next()?.map(\.name) == [Self.secretName])
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    if index == 0 {
                        var author = Author(name: "Aaron Writer", email: "aaron@hidden.example", rating: 1)
                        try await author.insert(db)
                    }
                    return try await Author.filter(Author.id > 2).count(db)
                }
            }
            for try await count in group { #expect(count == 1 || count == 2) }
        }
        #expect(try await values.next()?.map(\.name) == ["Aaron Writer", Self.secretName])
        try db.close()
    }

    @Test func malformedKeysAreRefusedAndKeysNeverPrint() async throws {
        let folder = try Folder()
        for key in [EncryptionKey.passphrase(""), .passphrase("a\u{0}b"), .raw([1, 2, 3])] {
            let error = try #require(Self.openFailure(folder.path("new.sqlite"), key: key))
            #expect(error.kind == .misuse)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("new.sqlite")))
        let key = EncryptionKey.passphrase(Self.passphrase)
        #expect("\(key)" == "EncryptionKey(redacted)")
        #expect(!String(reflecting: key).contains("horse"))
        var options = Database.Options()
        options.encryptionKey = key
        #expect(!"\(options)".contains("horse"))
    }
}
#endif
