#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import PostgresNIO

// PostgreSQL errors as ORMKit's `DatabaseError`: SQLSTATE and the server's constraint, table and column fields,
// with the SQLite result codes of the same constraint violation so `isUniqueViolation`, `isForeignKeyViolation`,
// `isNotNullViolation` and `isCheckViolation` answer for both engines.

/// `error` as ORMKit reports it: postgres-nio's errors become `DatabaseError`s, anything else (an app's own error
/// thrown in a transaction closure, a `DatabaseError` already) passes through unchanged.
func translated(_ error: any Error, sql: String?) -> any Error {
    guard let error = error as? PSQLError else { return error }
    return DatabaseError.postgres(error, sql: sql)
}

/// SQLite's primary result code for a constraint violation (SQLITE_CONSTRAINT).
private let constraintResultCode: Int32 = 19

extension DatabaseError {
    /// `error` (from postgres-nio, or already a `DatabaseError`) as a `DatabaseError`, with `sql` when the error
    /// does not carry it.
    static func postgres(_ error: PSQLError, sql: String?) -> DatabaseError {
        guard let info = error.serverInfo, let state = info[.sqlState] else {
            return DatabaseError(kind: .connectionLost, message: connectionMessage(error), sql: sql)
        }
        let constraint = info[.constraintName]
        let extended: Int32? = switch state {
        case "23505": constraint?.hasSuffix("_pkey") == true ? constraintPrimaryKey : constraintUnique
        case "23503": constraintForeignKey
        case "23502": constraintNotNull
        case "23514": constraintCheck
        default: nil
        }
        var message = info[.message] ?? "the statement failed"
        if let detail = info[.detail] { message += " (\(detail))" }
        return DatabaseError(
            kind: .server, resultCode: extended == nil ? 1 : constraintResultCode, extendedResultCode: extended,
            message: message, sql: sql, table: info[.tableName], column: info[.columnName],
            sqlState: state, constraint: constraint
        )
    }

    /// This error of a named prepared statement, explained when its SQLSTATE says the server connection does not
    /// hold what this connection prepared (`26000`: missing; `42P05`: another client's statement has its name), which
    /// happens only when a pooler shares server connections between clients per transaction.
    func explainingLostPreparedStatement() -> DatabaseError {
        guard kind == .server, sqlState == "26000" || sqlState == "42P05" else { return self }
        return DatabaseError(
            kind: kind, resultCode: resultCode, extendedResultCode: extendedResultCode,
            message: "\(Self.preparedStatementLost) (\(message)): a pooler that shares server connections between "
                + "clients per transaction is in front of the server (PgBouncer before 1.21 in transaction mode). "
                + "This database runs statements unprepared from now on: run the transaction again. To avoid this "
                + "first failure, set PostgresDatabase.Options.preparesStatements = false",
            sql: sql, table: table, column: column, sqlState: sqlState, constraint: constraint
        )
    }

    private static func connectionMessage(_ error: PSQLError) -> String {
        var text = "\(error.code)"
        if let underlying = error.underlying { text += ": \(underlying)" }
        return text
    }
}
#endif
