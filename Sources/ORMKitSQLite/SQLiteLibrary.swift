// The SQLite C API every module of the package imports (`import ORMKitSQLite`): the system SQLite, or SQLCipher
// with the `SQLCipher` trait. Only the imported library is linked (its module map's `link`), so a build never
// links both.
#if SQLCipher
@_exported import ORMKitCSQLCipher
#else
@_exported import ORMKitCSQLite
#endif
