import FaultVFS
import Foundation
import ORMKitSQLite

/// A kind of file operation the fault VFS counts and can fail (see `Tests/FaultVFS/include/FaultVFS.h`).
enum FaultKind: Int32, CaseIterable, Sendable, CustomStringConvertible {
    case read = 0
    case write = 1
    case sync = 2
    case lock = 3
    case shmLock = 4
    case truncate = 5

    /// The code a real failure of this operation returns (the Unix VFS's choice; see `ioErrorName`).
    var ioErrorCode: Int32 {
        switch self {
        case .read: return SQLITE_IOERR | (1 << 8)
        case .write: return SQLITE_IOERR | (3 << 8)
        case .sync: return SQLITE_IOERR | (4 << 8)
        case .lock: return SQLITE_IOERR | (15 << 8)
        case .shmLock: return SQLITE_IOERR | (20 << 8)
        case .truncate: return SQLITE_IOERR | (6 << 8)
        }
    }

    /// `ioErrorCode`'s SQLite name.
    var ioErrorName: String {
        switch self {
        case .read: return "SQLITE_IOERR_READ"
        case .write: return "SQLITE_IOERR_WRITE"
        case .sync: return "SQLITE_IOERR_FSYNC"
        case .lock: return "SQLITE_IOERR_LOCK"
        case .shmLock: return "SQLITE_IOERR_SHMLOCK"
        case .truncate: return "SQLITE_IOERR_TRUNCATE"
        }
    }

    /// The SQLite name of a code a fault returns (its number when it has none here).
    static func name(of code: Int32) -> String {
        if code == SQLITE_FULL { return "SQLITE_FULL" }
        return allCases.first { $0.ioErrorCode == code }?.ioErrorName ?? "\(code)"
    }

    var description: String {
        switch self {
        case .read: return "read"
        case .write: return "write"
        case .sync: return "sync"
        case .lock: return "lock"
        case .shmLock: return "shm-lock"
        case .truncate: return "truncate"
        }
    }
}

/// Operation counts by kind.
struct OperationCounts: Sendable, Hashable {
    var values: [Int] = Array(repeating: 0, count: FaultKind.allCases.count)

    subscript(kind: FaultKind) -> Int {
        get { values[Int(kind.rawValue)] }
        set { values[Int(kind.rawValue)] = newValue }
    }
}

/// One fault VFS instance, registered under a unique name for the lifetime of the value. Each test that
/// injects faults owns its own instance, so tests running in parallel never see each other's faults and
/// nothing else in the process opens files through it.
final class FaultInjector {
    /// The VFS name to pass as `Database.Options.vfsName`.
    let name: String
    private let vfs: OpaquePointer

    /// Registers a fresh instance. With `durable` false, syncs are counted and faulted but skipped (the files
    /// of a test need no durability, and real syncs would make a sweep several times slower).
    ///
    /// - Throws: `FaultInjectorError` when SQLite refuses the registration.
    init(durable: Bool = false) throws {
        let name = "ormkit-fault-\(UUID().uuidString)"
        guard let vfs = faultvfs_register(name) else { throw FaultInjectorError.registrationFailed(name) }
        faultvfs_set_durable(vfs, durable ? 1 : 0)
        self.name = name
        self.vfs = vfs
    }

    deinit {
        // Still-open files (a leaked connection) keep the VFS registered rather than freeing it under them.
        _ = faultvfs_unregister(vfs)
    }

    /// How many operations of each kind ran through this VFS so far.
    var counts: OperationCounts {
        var counts = OperationCounts()
        for kind in FaultKind.allCases { counts[kind] = Int(faultvfs_count(vfs, kind.rawValue)) }
        return counts
    }

    /// How many operations failed because of a fault armed on this VFS.
    var injected: Int { Int(faultvfs_injected(vfs)) }

    /// How many files opened through this VFS are still open.
    var openFiles: Int { Int(faultvfs_open_files(vfs)) }

    /// Fails the `n`th next operation of `kind` with `code`, and with `persistent` every one after it too,
    /// until `clear()`.
    func arm(_ kind: FaultKind, at n: Int, code: Int32, persistent: Bool) {
        faultvfs_arm(vfs, kind.rawValue, sqlite3_int64(n), code, persistent ? 1 : 0)
    }

    /// Disarms the fault.
    func clear() {
        faultvfs_clear(vfs)
    }
}

enum FaultInjectorError: Error {
    case registrationFailed(String)
}
