import Foundation
import ORMKit
import TestSupport

/// A database file in a fresh temporary directory; keep `directory` alive as long as `db`.
func makeDatabase(_ name: String = "test.sqlite", options: Database.Options = Database.Options()) throws -> (Database, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    let db = try Database(path: directory.path(name), options: options)
    return (db, directory)
}

/// A database with the fixture tables (authors, books, memberships, select) created.
/// Runs `body` on `db`'s writer with no transaction (`writeWithoutTransaction`), from synchronous or async code:
/// for checks of the connection itself (its statement cache, whether a transaction is open).
func onWriter<T>(_ db: Database, _ body: (Connection) throws -> T) throws -> T {
    try db.writeWithoutTransaction(body)
}

func makeLibrary() throws -> (Database, TemporaryDirectory) {
    let (db, directory) = try makeDatabase()
    try db.writeWithoutTransaction { conn in
        for schema in [Author.schema, Book.schema, Membership.schema, Select.schema] {
            for sql in schema.createStatements(in: SQLiteDDL()) { try conn.execute(sql: sql) }
        }
    }
    return (db, directory)
}

extension Locked {
    /// A copy of the value.
    var current: Value { withValue { $0 } }
}
