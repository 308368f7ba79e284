// A shim VFS for I/O fault tests: forwards every call to the default VFS and its files, counting operations
// by kind, and fails the armed one. See include/FaultVFS.h.

#include "FaultVFS.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct FaultVFS {
    /// Must stay first: SQLite passes `&base` back to the VFS methods.
    sqlite3_vfs base;
    /// The default VFS at registration, which does the real work.
    sqlite3_vfs *real;
    /// Guards every field below.
    pthread_mutex_t mutex;
    sqlite3_int64 counts[FAULTVFS_KIND_COUNT];
    int isArmed;
    int armedKind;
    /// The count of `armedKind` at which the fault fires.
    sqlite3_int64 target;
    int code;
    int persistent;
    sqlite3_int64 injected;
    int openFiles;
    /// Whether xSync reaches the real file.
    int isDurable;
    /// The registered name (owned).
    char *name;
};

/// A file opened through the fault VFS: ours first, the real file's storage right after it.
typedef struct FaultFile {
    sqlite3_file base;
    FaultVFS *vfs;
    sqlite3_file *real;
} FaultFile;

static FaultVFS *vfsOf(sqlite3_vfs *vfs) { return (FaultVFS *)vfs; }
static FaultFile *fileOf(sqlite3_file *file) { return (FaultFile *)file; }

/// Counts one operation of `kind`; returns the armed code when it must fail, else SQLITE_OK.
static int countOperation(FaultVFS *vfs, int kind) {
    int code = SQLITE_OK;
    pthread_mutex_lock(&vfs->mutex);
    sqlite3_int64 count = ++vfs->counts[kind];
    if (vfs->isArmed && vfs->armedKind == kind
        && (count == vfs->target || (vfs->persistent && count > vfs->target))) {
        code = vfs->code;
        vfs->injected += 1;
    }
    pthread_mutex_unlock(&vfs->mutex);
    return code;
}

// MARK: - File methods

static int faultClose(sqlite3_file *file) {
    FaultFile *p = fileOf(file);
    int code = p->real->pMethods->xClose(p->real);
    pthread_mutex_lock(&p->vfs->mutex);
    p->vfs->openFiles -= 1;
    pthread_mutex_unlock(&p->vfs->mutex);
    return code;
}

static int faultRead(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *p = fileOf(file);
    int code = countOperation(p->vfs, FAULTVFS_READ);
    if (code != SQLITE_OK) return code;
    return p->real->pMethods->xRead(p->real, buffer, amount, offset);
}

static int faultWrite(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *p = fileOf(file);
    int code = countOperation(p->vfs, FAULTVFS_WRITE);
    if (code != SQLITE_OK) return code;
    return p->real->pMethods->xWrite(p->real, buffer, amount, offset);
}

static int faultTruncate(sqlite3_file *file, sqlite3_int64 size) {
    FaultFile *p = fileOf(file);
    int code = countOperation(p->vfs, FAULTVFS_TRUNCATE);
    if (code != SQLITE_OK) return code;
    return p->real->pMethods->xTruncate(p->real, size);
}

static int faultSync(sqlite3_file *file, int flags) {
    FaultFile *p = fileOf(file);
    int code = countOperation(p->vfs, FAULTVFS_SYNC);
    if (code != SQLITE_OK) return code;
    pthread_mutex_lock(&p->vfs->mutex);
    int isDurable = p->vfs->isDurable;
    pthread_mutex_unlock(&p->vfs->mutex);
    return isDurable ? p->real->pMethods->xSync(p->real, flags) : SQLITE_OK;
}

static int faultFileSize(sqlite3_file *file, sqlite3_int64 *size) {
    FaultFile *p = fileOf(file);
    return p->real->pMethods->xFileSize(p->real, size);
}

static int faultLock(sqlite3_file *file, int level) {
    FaultFile *p = fileOf(file);
    int code = countOperation(p->vfs, FAULTVFS_LOCK);
    if (code != SQLITE_OK) return code;
    return p->real->pMethods->xLock(p->real, level);
}

static int faultUnlock(sqlite3_file *file, int level) {
    FaultFile *p = fileOf(file);
    return p->real->pMethods->xUnlock(p->real, level);
}

static int faultCheckReservedLock(sqlite3_file *file, int *result) {
    FaultFile *p = fileOf(file);
    return p->real->pMethods->xCheckReservedLock(p->real, result);
}

static int faultFileControl(sqlite3_file *file, int op, void *argument) {
    FaultFile *p = fileOf(file);
    return p->real->pMethods->xFileControl(p->real, op, argument);
}

static int faultSectorSize(sqlite3_file *file) {
    FaultFile *p = fileOf(file);
    return p->real->pMethods->xSectorSize(p->real);
}

static int faultDeviceCharacteristics(sqlite3_file *file) {
    FaultFile *p = fileOf(file);
    return p->real->pMethods->xDeviceCharacteristics(p->real);
}

// WAL index (shared memory): forwarded, so WAL mode works; lock acquisitions are counted and faulted.

static int faultShmMap(sqlite3_file *file, int page, int pageSize, int extend, void volatile **address) {
    FaultFile *p = fileOf(file);
    if (p->real->pMethods->iVersion < 2 || !p->real->pMethods->xShmMap) return SQLITE_IOERR_SHMMAP;
    return p->real->pMethods->xShmMap(p->real, page, pageSize, extend, address);
}

static int faultShmLock(sqlite3_file *file, int offset, int n, int flags) {
    FaultFile *p = fileOf(file);
    if (p->real->pMethods->iVersion < 2 || !p->real->pMethods->xShmLock) return SQLITE_IOERR_SHMLOCK;
    if (flags & SQLITE_SHM_LOCK) {
        int code = countOperation(p->vfs, FAULTVFS_SHM_LOCK);
        if (code != SQLITE_OK) return code;
    }
    return p->real->pMethods->xShmLock(p->real, offset, n, flags);
}

static void faultShmBarrier(sqlite3_file *file) {
    FaultFile *p = fileOf(file);
    if (p->real->pMethods->iVersion >= 2 && p->real->pMethods->xShmBarrier) p->real->pMethods->xShmBarrier(p->real);
}

static int faultShmUnmap(sqlite3_file *file, int deleteFlag) {
    FaultFile *p = fileOf(file);
    if (p->real->pMethods->iVersion < 2 || !p->real->pMethods->xShmUnmap) return SQLITE_OK;
    return p->real->pMethods->xShmUnmap(p->real, deleteFlag);
}

// Memory-mapped reads would bypass xRead (and its faults): xFetch maps nothing, so SQLite falls back to xRead.

static int faultFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **address) {
    (void)file;
    (void)offset;
    (void)amount;
    *address = 0;
    return SQLITE_OK;
}

static int faultUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *address) {
    (void)file;
    (void)offset;
    (void)address;
    return SQLITE_OK;
}

static const sqlite3_io_methods faultIOMethods = {
    3,
    faultClose,
    faultRead,
    faultWrite,
    faultTruncate,
    faultSync,
    faultFileSize,
    faultLock,
    faultUnlock,
    faultCheckReservedLock,
    faultFileControl,
    faultSectorSize,
    faultDeviceCharacteristics,
    faultShmMap,
    faultShmLock,
    faultShmBarrier,
    faultShmUnmap,
    faultFetch,
    faultUnfetch,
};

// MARK: - VFS methods: forwarded to the real VFS

static int faultOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    FaultVFS *fault = vfsOf(vfs);
    FaultFile *p = fileOf(file);
    p->vfs = fault;
    p->real = (sqlite3_file *)&p[1];
    p->real->pMethods = 0;
    int code = fault->real->xOpen(fault->real, name, p->real, flags, outFlags);
    // SQLite calls xClose whenever pMethods is set, even after a failed open: mirror the real file.
    if (p->real->pMethods) {
        p->base.pMethods = &faultIOMethods;
        pthread_mutex_lock(&fault->mutex);
        fault->openFiles += 1;
        pthread_mutex_unlock(&fault->mutex);
    } else {
        p->base.pMethods = 0;
    }
    return code;
}

static int faultDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xDelete(real, name, syncDirectory);
}

static int faultAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xAccess(real, name, flags, result);
}

static int faultFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *output) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xFullPathname(real, name, size, output);
}

static void *faultDlOpen(sqlite3_vfs *vfs, const char *path) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xDlOpen(real, path);
}

static void faultDlError(sqlite3_vfs *vfs, int size, char *message) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    real->xDlError(real, size, message);
}

static void (*faultDlSym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xDlSym(real, library, symbol);
}

static void faultDlClose(sqlite3_vfs *vfs, void *library) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    real->xDlClose(real, library);
}

static int faultRandomness(sqlite3_vfs *vfs, int size, char *output) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xRandomness(real, size, output);
}

static int faultSleep(sqlite3_vfs *vfs, int microseconds) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xSleep(real, microseconds);
}

static int faultCurrentTime(sqlite3_vfs *vfs, double *now) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xCurrentTime(real, now);
}

static int faultGetLastError(sqlite3_vfs *vfs, int size, char *output) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xGetLastError ? real->xGetLastError(real, size, output) : 0;
}

static int faultCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xCurrentTimeInt64(real, now);
}

static int faultSetSystemCall(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xSetSystemCall(real, name, call);
}

static sqlite3_syscall_ptr faultGetSystemCall(sqlite3_vfs *vfs, const char *name) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xGetSystemCall(real, name);
}

static const char *faultNextSystemCall(sqlite3_vfs *vfs, const char *name) {
    sqlite3_vfs *real = vfsOf(vfs)->real;
    return real->xNextSystemCall(real, name);
}

// MARK: - Public functions

FaultVFS *faultvfs_register(const char *name) {
    if (sqlite3_initialize() != SQLITE_OK) return 0;
    sqlite3_vfs *real = sqlite3_vfs_find(0);
    if (!real || sqlite3_vfs_find(name)) return 0;
    FaultVFS *vfs = calloc(1, sizeof(FaultVFS));
    if (!vfs) return 0;
    vfs->name = strdup(name);
    if (!vfs->name) {
        free(vfs);
        return 0;
    }
    pthread_mutex_init(&vfs->mutex, 0);
    vfs->real = real;
    vfs->isDurable = 1;
    sqlite3_vfs *base = &vfs->base;
    // Version 3 at most: the methods of later versions are not forwarded.
    base->iVersion = real->iVersion < 3 ? real->iVersion : 3;
    base->szOsFile = (int)sizeof(FaultFile) + real->szOsFile;
    base->mxPathname = real->mxPathname;
    base->zName = vfs->name;
    base->xOpen = faultOpen;
    base->xDelete = faultDelete;
    base->xAccess = faultAccess;
    base->xFullPathname = faultFullPathname;
    base->xDlOpen = faultDlOpen;
    base->xDlError = faultDlError;
    base->xDlSym = faultDlSym;
    base->xDlClose = faultDlClose;
    base->xRandomness = faultRandomness;
    base->xSleep = faultSleep;
    base->xCurrentTime = faultCurrentTime;
    base->xGetLastError = faultGetLastError;
    if (base->iVersion >= 2) base->xCurrentTimeInt64 = faultCurrentTimeInt64;
    if (base->iVersion >= 3) {
        base->xSetSystemCall = faultSetSystemCall;
        base->xGetSystemCall = faultGetSystemCall;
        base->xNextSystemCall = faultNextSystemCall;
    }
    if (sqlite3_vfs_register(base, 0) != SQLITE_OK) {
        pthread_mutex_destroy(&vfs->mutex);
        free(vfs->name);
        free(vfs);
        return 0;
    }
    return vfs;
}

int faultvfs_unregister(FaultVFS *vfs) {
    if (faultvfs_open_files(vfs) != 0) return SQLITE_MISUSE;
    int code = sqlite3_vfs_unregister(&vfs->base);
    if (code != SQLITE_OK) return code;
    pthread_mutex_destroy(&vfs->mutex);
    free(vfs->name);
    free(vfs);
    return SQLITE_OK;
}

const char *faultvfs_name(const FaultVFS *vfs) { return vfs->name; }

sqlite3_int64 faultvfs_count(FaultVFS *vfs, int kind) {
    if (kind < 0 || kind >= FAULTVFS_KIND_COUNT) return 0;
    pthread_mutex_lock(&vfs->mutex);
    sqlite3_int64 count = vfs->counts[kind];
    pthread_mutex_unlock(&vfs->mutex);
    return count;
}

void faultvfs_arm(FaultVFS *vfs, int kind, sqlite3_int64 n, int code, int persistent) {
    if (kind < 0 || kind >= FAULTVFS_KIND_COUNT) return;
    pthread_mutex_lock(&vfs->mutex);
    vfs->isArmed = 1;
    vfs->armedKind = kind;
    vfs->target = vfs->counts[kind] + (n < 1 ? 1 : n);
    vfs->code = code;
    vfs->persistent = persistent;
    pthread_mutex_unlock(&vfs->mutex);
}

void faultvfs_clear(FaultVFS *vfs) {
    pthread_mutex_lock(&vfs->mutex);
    vfs->isArmed = 0;
    pthread_mutex_unlock(&vfs->mutex);
}

void faultvfs_set_durable(FaultVFS *vfs, int durable) {
    pthread_mutex_lock(&vfs->mutex);
    vfs->isDurable = durable;
    pthread_mutex_unlock(&vfs->mutex);
}

sqlite3_int64 faultvfs_injected(FaultVFS *vfs) {
    pthread_mutex_lock(&vfs->mutex);
    sqlite3_int64 injected = vfs->injected;
    pthread_mutex_unlock(&vfs->mutex);
    return injected;
}

int faultvfs_open_files(FaultVFS *vfs) {
    pthread_mutex_lock(&vfs->mutex);
    int count = vfs->openFiles;
    pthread_mutex_unlock(&vfs->mutex);
    return count;
}
