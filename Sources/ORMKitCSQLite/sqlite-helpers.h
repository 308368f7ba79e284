#ifndef ORMKIT_SQLITE_HELPERS_H
#define ORMKIT_SQLITE_HELPERS_H

// What Swift cannot call in sqlite3.h; included by both shims (system SQLite and SQLCipher), after their sqlite3.h.

/// `SQLITE_TRANSIENT` is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type ormkit_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// `sqlite3_db_config` is variadic; Swift cannot call it directly.
static inline int ormkit_sqlite_db_config_int(sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}

#endif
