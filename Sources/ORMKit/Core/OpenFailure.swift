import Foundation
import ORMKitSQLite

/// Turns an error from the first statements run on a newly opened file into one that names the path and says
/// what is wrong with the file, instead of SQLite's short message on whichever pragma met the problem first.
enum OpenFailure {
    /// `error`, thrown while setting up the database at `path`, with the path and the likely cause.
    static func explain(_ error: DatabaseError, path: String, isFile: Bool, isEncrypted: Bool) -> DatabaseError {
        guard isFile, error.kind == .sqlite else { return error }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let cause: String
        switch error.resultCode {
        case SQLITE_NOTADB where isEncrypted:
            // SQLCipher cannot tell a wrong key from a file that is not its own: the first page does not decrypt.
            cause = "wrong key or not an encrypted database (the first page does not decrypt with the key given; a "
                + "plaintext file opens without encryptionKey, and Database.export(to:encryptionKey:) encrypts it)"
        case SQLITE_NOTADB:
            cause = "the file is not an SQLite database (it may be another kind of file, or encrypted)"
        case SQLITE_CORRUPT:
            cause = "the file is malformed (its header or schema is damaged); restore it from a backup, or try "
                + "`sqlite3 \(path) .recover`"
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_IOERR:
            guard access(directory, W_OK) != 0 else {
                cause = error.message
                break
            }
            cause = "\(error.message): in WAL mode SQLite keeps \(path)-wal and \(path)-shm next to the database, and "
                + "this process cannot create files in \(directory) (not even to read a WAL database); make the "
                + "directory writable, or switch the file to rollback-journal mode where it is writable "
                + "(PRAGMA journal_mode = DELETE) and open it here with Options(journalMode: .default)"
        default:
            cause = error.message
        }
        return DatabaseError(
            kind: error.kind, resultCode: error.resultCode, extendedResultCode: error.extendedResultCode,
            message: "cannot open database at \(path): \(cause)"
        )
    }
}
