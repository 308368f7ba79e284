#ifndef FAULT_VFS_H
#define FAULT_VFS_H

/// A test VFS that wraps SQLite's default VFS, counts the file operations made through it, and fails the Nth
/// operation of one kind with a chosen result code (once, or from then on until cleared, like a full disk).
///
/// Each instance is registered under its own name and is never the default VFS: only connections opened with
/// that name (`sqlite3_open_v2(..., zVfs)`, ORMKit's `Database.Options.vfsName`) see its faults, so other tests
/// running in the same process are never affected. Every function is thread-safe.

#include <sqlite3.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kinds of operation counted and faulted (indexes for `faultvfs_count` and `faultvfs_arm`).
enum {
    /// `xRead` on any file (database, journal, WAL, temporary file).
    FAULTVFS_READ = 0,
    /// `xWrite`.
    FAULTVFS_WRITE = 1,
    /// `xSync`.
    FAULTVFS_SYNC = 2,
    /// `xLock` (acquiring SHARED, RESERVED, PENDING or EXCLUSIVE; unlocks are never faulted).
    FAULTVFS_LOCK = 3,
    /// `xShmLock` acquiring a WAL-index lock (unlocks are never faulted).
    FAULTVFS_SHM_LOCK = 4,
    /// `xTruncate`.
    FAULTVFS_TRUNCATE = 5,
    /// How many kinds there are.
    FAULTVFS_KIND_COUNT = 6
};

/// One registered fault VFS.
typedef struct FaultVFS FaultVFS;

/// Registers a new fault VFS named `name` over the default VFS (not as the default).
///
/// Returns NULL when `name` is already registered, there is no default VFS, or memory runs out.
FaultVFS *_Nullable faultvfs_register(const char *_Nonnull name);

/// Unregisters and frees `vfs`. Every connection opened through it must be closed first.
///
/// Returns SQLITE_OK, or SQLITE_MISUSE (and keeps `vfs`) while files opened through it are still open.
int faultvfs_unregister(FaultVFS *_Nonnull vfs);

/// The registered name of `vfs`, for `sqlite3_open_v2`.
const char *_Nonnull faultvfs_name(const FaultVFS *_Nonnull vfs);

/// How many operations of `kind` were made through `vfs` since it was registered (faulted ones included).
sqlite3_int64 faultvfs_count(FaultVFS *_Nonnull vfs, int kind);

/// Arms one fault: the `n`th operation of `kind` from now (1 is the next one) fails with `code` instead of
/// running; with `persistent` non-zero every later operation of that kind fails too, until
/// `faultvfs_clear`. Replaces any fault armed before.
void faultvfs_arm(FaultVFS *_Nonnull vfs, int kind, sqlite3_int64 n, int code, int persistent);

/// Disarms the fault, if any; operations run normally again.
void faultvfs_clear(FaultVFS *_Nonnull vfs);

/// With `durable` 0, `xSync` is still counted and faulted but does not reach the disk: throwaway test files
/// need no durability, and real syncs would dominate a sweep's run time. 1 (the default) forwards it.
void faultvfs_set_durable(FaultVFS *_Nonnull vfs, int durable);

/// How many operations failed because of the armed faults since `vfs` was registered.
sqlite3_int64 faultvfs_injected(FaultVFS *_Nonnull vfs);

/// How many files opened through `vfs` are open now.
int faultvfs_open_files(FaultVFS *_Nonnull vfs);

#ifdef __cplusplus
}
#endif

#endif
