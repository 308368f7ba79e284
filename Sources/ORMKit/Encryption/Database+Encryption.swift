#if SQLCipher
import Foundation
import ORMKitSQLite

extension Database {
    /// Re-encrypts the database with `newKey` (SQLCipher's `sqlite3_rekey`): every page is rewritten, so it takes
    /// about as long as writing the whole file. Waits for running reads and writes; the reader connections are
    /// closed and reopen with the new key. From then on the file opens with `newKey` only.
    ///
    /// ```swift
    /// try await db.rekey(to: .passphrase(newSecret))
    /// ```
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the database was opened without `encryptionKey` (encrypt a
    ///   plaintext file with `export(to:encryptionKey:)`), inside a transaction, or for a malformed key;
    ///   `DatabaseError` when SQLCipher fails (the old key then still opens the file).
    public func rekey(to newKey: EncryptionKey) async throws {
        _ = try newKey.keyMaterial()
        guard options.isEncrypted else {
            throw DatabaseError.misuse(
                "rekey(to:) changes the key of an encrypted database, and \(path) was opened without encryptionKey; "
                    + "encrypt a plaintext file with export(to:encryptionKey:)")
        }
        try await onWriterQueue {
            try self.withConnection { conn in
                try Self.checkOutsideTransaction(conn, "rekey(to:)")
                let rekey = {
                    try newKey.rekey(conn.handle)
                    self.connectionOptions.withLock { $0.encryptionKey = newKey }
                }
                if let readers = self.readers { try readers.closingReaders(rekey) } else { try rekey() }
            }
        }
    }

    /// Writes a copy of the database to a new file at `path`, encrypted with `encryptionKey`, or plaintext when it
    /// is nil (SQLCipher's `sqlcipher_export`): how an existing plaintext file becomes an encrypted one (open it
    /// without a key, export it with one, then use the copy), and how an encrypted one is decrypted. The copy
    /// holds every table, index, trigger, view and row, and the schema version `migrate` recorded; the database
    /// itself is not changed. Waits for running writes.
    ///
    /// ```swift
    /// let plain = try Database(path: oldPath)
    /// try await plain.export(to: newPath, encryptionKey: .passphrase(secret))
    /// ```
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when a file exists at `path` or inside a transaction; `DatabaseError`
    ///   when SQLCipher fails (the partial copy is removed).
    public func export(to path: String, encryptionKey: EncryptionKey?) async throws {
        _ = try encryptionKey?.keyMaterial()
        guard !FileManager.default.fileExists(atPath: path) else {
            throw DatabaseError.misuse("cannot export to \(path): a file exists there (export writes a new file)")
        }
        try await onWriterQueue {
            try self.withConnection { conn in
                try Self.checkOutsideTransaction(conn, "export(to:encryptionKey:)")
                do {
                    try Self.export(conn, to: path, encryptionKey: encryptionKey)
                } catch {
                    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                    throw error
                }
            }
        }
    }

    /// Attaches a new file at `path` (keyed with `encryptionKey`, or plaintext), copies the database into it and
    /// detaches it. The key goes through `sqlite3_key_v2`, never into the SQL (which traces show).
    private static func export(_ conn: Connection, to path: String, encryptionKey: EncryptionKey?) throws {
        let schema = "ormkit_export"
        // `KEY ''`: plaintext; a key given then replaces it before the first page is written.
        try conn.run(sql: "ATTACH DATABASE $1 AS \(schema) KEY ''", arguments: [path])
        defer { try? conn.run(sql: "DETACH DATABASE \(schema)", arguments: []) }
        try encryptionKey?.apply(to: conn.handle, schema: schema)
        try conn.run(sql: "SELECT sqlcipher_export('\(schema)')", arguments: [])
        let version = try Int.fetchOne(conn, sql: "PRAGMA main.user_version") ?? 0
        try conn.run(sql: "PRAGMA \(schema).user_version = \(version)", arguments: [])
    }

    private static func checkOutsideTransaction(_ conn: Connection, _ verb: String) throws {
        guard !conn.isInTransaction else {
            throw DatabaseError.misuse("\(verb) cannot run inside a transaction: call it outside write { } and transaction { }")
        }
    }
}
#endif
