#if SQLCipher
import Foundation
import ORMKitSQLite
import ORMSchema

/// The key of an encrypted database file (SQLCipher, with the package's `SQLCipher` trait): set it in
/// `Database.Options.encryptionKey` to create or open an encrypted file.
///
/// ```swift
/// var options = Database.Options()
/// options.encryptionKey = .passphrase(secret)   // from the keychain, never from source code
/// let db = try Database(path: path, options: options)
/// ```
///
/// The key reaches SQLCipher through `sqlite3_key`, never as SQL: it is in no statement, trace or error, and its
/// `description` is redacted.
public struct EncryptionKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What SQLCipher is given.
    enum Material: Sendable, Hashable {
        case passphrase(String)
        case raw([UInt8])
    }

    let material: Material

    /// A passphrase: SQLCipher derives the file's key from it (PBKDF2-HMAC-SHA512, 256,000 iterations, with the
    /// file's salt), which costs about 200 ms on each connection's first read (docs/security.md). Must not be empty
    /// (an empty key leaves the file unencrypted) and must not contain NUL characters.
    public static func passphrase(_ passphrase: String) -> EncryptionKey {
        EncryptionKey(material: .passphrase(passphrase))
    }

    /// A raw 256-bit key (32 bytes), used as is: no key derivation, so opening is fast. Keep it as you would a
    /// password (the keychain, a secrets store). 48 bytes are a key followed by the file's 16-byte salt.
    public static func raw(_ bytes: some Sequence<UInt8>) -> EncryptionKey {
        EncryptionKey(material: .raw(Array(bytes)))
    }

    /// `EncryptionKey(redacted)`: the key never appears in logs.
    public var description: String { "EncryptionKey(redacted)" }
    public var debugDescription: String { description }

    /// The bytes `sqlite3_key` takes: the passphrase's UTF-8, or a raw key in SQLCipher's `x'…'` form.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for an empty passphrase, one with a NUL character, or a raw key of
    ///   another length than 32 or 48 bytes.
    func keyMaterial() throws -> [UInt8] {
        switch material {
        case .passphrase(let passphrase):
            guard !passphrase.isEmpty, !passphrase.utf8.contains(0) else {
                throw DatabaseError.misuse("an encryption passphrase must not be empty (that leaves the file unencrypted) or contain NUL")
            }
            return Array(passphrase.utf8)
        case .raw(let bytes):
            guard bytes.count == 32 || bytes.count == 48 else {
                throw DatabaseError.misuse("a raw encryption key has 32 bytes (or 48: key and salt), not \(bytes.count)")
            }
            return Array("x'\(SQLLiteral.hex(bytes))'".utf8)
        }
    }

    /// Keys the schema `name` ("main", or an attached database) of `handle`.
    ///
    /// - Throws: `DatabaseError` when the key is malformed or SQLCipher refuses it.
    func apply(to handle: OpaquePointer, schema name: String = "main") throws {
        let material = try keyMaterial()
        let code = material.withUnsafeBytes { bytes in
            sqlite3_key_v2(handle, name, bytes.baseAddress, Int32(bytes.count))
        }
        guard code == SQLITE_OK else { throw DatabaseError.sqlite(handle, code: code, sql: nil) }
    }

    /// Re-encrypts the main database of `handle` with this key (SQLCipher's `sqlite3_rekey`).
    ///
    /// - Throws: `DatabaseError` when the key is malformed or SQLCipher fails.
    func rekey(_ handle: OpaquePointer) throws {
        let material = try keyMaterial()
        let code = material.withUnsafeBytes { bytes in
            sqlite3_rekey_v2(handle, "main", bytes.baseAddress, Int32(bytes.count))
        }
        guard code == SQLITE_OK else { throw DatabaseError.sqlite(handle, code: code, sql: nil) }
    }
}
#endif
