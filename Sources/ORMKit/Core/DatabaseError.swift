import ORMKitSQLite

/// The one error type ORMKit throws: a failed SQLite call, a value that could not be decoded or encoded,
/// or a misuse of the API (a closed database, a connection used outside its closure).
///
/// SQLite failures carry the primary and extended result codes, SQLite's message and the SQL that failed.
/// Decoding failures name the table, column and row. Bound values never appear in the description, so
/// errors can be logged without leaking user data.
///
/// ```swift
/// do {
///     try author.insert(db)
/// } catch let error as DatabaseError where error.isUniqueViolation {
///     // a row with the same unique value already exists
/// }
/// ```
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: Sendable, Hashable {
        /// A SQLite call failed: see `resultCode`, `extendedResultCode` and `message`.
        case sqlite
        /// A column held NULL for a non-optional value, or a value of the wrong storage class or range.
        case decoding
        /// A value could not be encoded (for example a JSON field whose `Encodable` conformance threw).
        case encoding
        /// The database was closed with `Database.close()`; nothing can run on it any more.
        case closed
        /// The API was used in a way it does not support (for example a `Connection` kept after its closure).
        case misuse
        /// `update` found no row with the record's primary key.
        case recordNotFound
        /// A server engine (PostgreSQL) rejected a statement: see `sqlState`, `constraint` and `message`.
        /// Constraint violations also carry the SQLite result codes of the same violation, so
        /// `isUniqueViolation` and its siblings answer for both engines.
        case server
        /// The connection to a server engine was lost (or could not be made) before the statement finished.
        case connectionLost
    }

    /// What went wrong, broadly.
    public let kind: Kind
    /// The SQLite primary result code (`SQLITE_CONSTRAINT` = 19, …), or `SQLITE_ERROR`/`SQLITE_MISUSE`
    /// for errors raised by ORMKit itself.
    public let resultCode: Int32
    /// The SQLite extended result code (`SQLITE_CONSTRAINT_UNIQUE` = 2067, …); equals `resultCode` when
    /// SQLite gave no extended code.
    public let extendedResultCode: Int32
    /// A human-readable message: SQLite's own (`UNIQUE constraint failed: authors.name`) or ORMKit's.
    public let message: String
    /// The SQL that failed, if any. It contains `?` placeholders, never the bound values.
    public let sql: String?
    /// The table involved, when known (decoding errors, record operations).
    public let table: String?
    /// The column involved, when known (decoding errors).
    public let column: String?
    /// The 0-based index of the row in the result set, for decoding errors.
    public let row: Int?
    /// The SQLSTATE a server engine reported (`23505` for a unique violation), nil for SQLite.
    public let sqlState: String?
    /// The name of the violated constraint, when a server engine reports it.
    public let constraint: String?
    /// The primary key of the record whose row failed to decode, as `column = value` pairs (`id = 5`), when the
    /// row holds it.
    public let recordKey: String?
    /// Why a server engine could not be reached, for a `.connectionLost` error raised before any connection
    /// was made.
    public let connectionFailure: ConnectionFailure?

    /// Why a connection to a server engine could not be made.
    public enum ConnectionFailure: Sendable, Hashable {
        /// The server refused the credentials (a wrong password or user; SQLSTATE `28P01`, `28000`).
        case authentication
        /// TLS could not be set up or the server's certificate was not accepted.
        case tls
        /// Nothing accepts connections at the address (the port is closed, the socket missing).
        case refused
        /// The host name does not resolve.
        case unknownHost
        /// No connection was made within the connect timeout.
        case timedOut
        /// Something answered that does not speak the engine's protocol.
        case protocolMismatch
        /// Another failure; the message says which.
        case other
    }

    /// Creates an error. ORMKit creates these; apps usually only catch them.
    public init(
        kind: Kind,
        resultCode: Int32 = SQLITE_ERROR,
        extendedResultCode: Int32? = nil,
        message: String,
        sql: String? = nil,
        table: String? = nil,
        column: String? = nil,
        row: Int? = nil,
        sqlState: String? = nil,
        constraint: String? = nil,
        recordKey: String? = nil,
        connectionFailure: ConnectionFailure? = nil
    ) {
        self.kind = kind
        self.resultCode = resultCode
        self.extendedResultCode = extendedResultCode ?? resultCode
        self.message = message
        self.sql = sql
        self.table = table
        self.column = column
        self.row = row
        self.sqlState = sqlState
        self.constraint = constraint
        self.recordKey = recordKey
        self.connectionFailure = connectionFailure
    }

    /// `UNIQUE` constraint failed (`SQLITE_CONSTRAINT_UNIQUE`).
    public var isUniqueViolation: Bool { extendedResultCode == Self.constraintUnique }
    /// `PRIMARY KEY` constraint failed: a row with the same key exists (`SQLITE_CONSTRAINT_PRIMARYKEY`).
    public var isPrimaryKeyViolation: Bool { extendedResultCode == Self.constraintPrimaryKey }
    /// `FOREIGN KEY` constraint failed: `SQLITE_CONSTRAINT_FOREIGNKEY`, or `SQLITE_CONSTRAINT_TRIGGER` with
    /// SQLite's foreign-key message (how SQLite reports an `ON DELETE/UPDATE RESTRICT` action).
    public var isForeignKeyViolation: Bool {
        extendedResultCode == Self.constraintForeignKey
            || (extendedResultCode == Self.constraintTrigger && message.hasPrefix("FOREIGN KEY constraint failed"))
    }
    /// `NOT NULL` constraint failed (`SQLITE_CONSTRAINT_NOTNULL`).
    public var isNotNullViolation: Bool { extendedResultCode == Self.constraintNotNull }
    /// `CHECK` constraint failed (`SQLITE_CONSTRAINT_CHECK`).
    public var isCheckViolation: Bool { extendedResultCode == Self.constraintCheck }
    /// Any constraint failed (`SQLITE_CONSTRAINT`, whatever the extended code).
    public var isConstraintViolation: Bool { (kind == .sqlite || kind == .server) && resultCode == SQLITE_CONSTRAINT }

    /// The transaction could not be serialized or deadlocked (SQLSTATE `40001`, `40P01`): run it again.
    public var isSerializationFailure: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// The server cancelled the statement because it ran longer than `statement_timeout` (SQLSTATE `57014` with
    /// PostgreSQL's "statement timeout" message; `57014` alone is also a cancel request).
    public var isStatementTimeout: Bool { sqlState == "57014" && message.contains("statement timeout") }

    /// A lock was not granted in time: `lock_timeout` or `NOWAIT` on PostgreSQL (SQLSTATE `55P03`), the busy timeout
    /// on SQLite (`SQLITE_BUSY`, another connection or process holds the write lock).
    public var isLockTimeout: Bool { sqlState == "55P03" || (kind == .sqlite && resultCode == SQLITE_BUSY) }

    /// The connection was lost or the server is shutting down, restarting or not yet accepting connections
    /// (`.connectionLost`, SQLSTATE class `08`, `57P01`–`57P03`).
    public var isConnectionLost: Bool {
        kind == .connectionLost || sqlState?.hasPrefix("08") == true || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// A statement ORMKit had prepared on the connection was missing from the server connection, or one of its name
    /// was already there (SQLSTATE `26000`, `42P05`): a pooler shares server connections between clients per
    /// transaction (PgBouncer before 1.21 in transaction mode). The database runs statements unprepared from then
    /// on, so the same transaction succeeds when run again; `PostgresDatabase.Options.preparesStatements = false`
    /// avoids the first failure.
    public var isPreparedStatementLost: Bool {
        (sqlState == "26000" || sqlState == "42P05") && message.hasPrefix(Self.preparedStatementLost)
    }

    /// How the message of an ``isPreparedStatementLost`` error begins.
    package static let preparedStatementLost = "a statement prepared on this connection is not on the server connection"

    /// Running the same work again, after a pause, may succeed: a serialization failure or deadlock, a lock
    /// timeout, a lost connection (see `isConnectionLost`), or a prepared statement a pooler lost
    /// (`isPreparedStatementLost`). After a lost connection a write may have committed before the connection broke:
    /// retry only work that is safe to run twice (an upsert, a write that checks first), or check what is there.
    public var isRetryable: Bool { isSerializationFailure || isLockTimeout || isConnectionLost || isPreparedStatementLost }

    package static let constraintCheck: Int32 = SQLITE_CONSTRAINT | (1 << 8)
    static let constraintTrigger: Int32 = SQLITE_CONSTRAINT | (7 << 8)
    package static let constraintForeignKey: Int32 = SQLITE_CONSTRAINT | (3 << 8)
    package static let constraintNotNull: Int32 = SQLITE_CONSTRAINT | (5 << 8)
    package static let constraintPrimaryKey: Int32 = SQLITE_CONSTRAINT | (6 << 8)
    package static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)

    /// `SQLite error 19 (extended 2067): UNIQUE constraint failed: authors.name — SQL: INSERT …`, or for
    /// decoding errors `authors.name, row 3: …`.
    public var description: String {
        var text: String
        switch kind {
        case .sqlite:
            text = "SQLite error \(resultCode)"
            if extendedResultCode != resultCode { text += " (extended \(extendedResultCode))" }
            text += ": "
        case .decoding: text = "decoding error: "
        case .encoding: text = "encoding error: "
        case .closed: text = "database closed: "
        case .misuse: text = "misuse: "
        case .recordNotFound: text = "record not found: "
        case .server: text = "server error \(sqlState ?? "?")\(constraint.map { " (constraint \($0))" } ?? ""): "
        case .connectionLost: text = "connection lost: "
        }
        var location: [String] = []
        if let table, let column {
            location.append("\(table).\(column)")
        } else if let table {
            location.append(table)
        } else if let column {
            location.append("column \(column)")
        }
        if let row { location.append("row \(row)" + (recordKey.map { " (\($0))" } ?? "")) }
        if !location.isEmpty { text += location.joined(separator: ", ") + ": " }
        text += message
        if let sql { text += " — SQL: \(sql)" }
        return text
    }

    /// The same error, naming `table` unless it already names one.
    @usableFromInline
    func inTable(_ name: String) -> DatabaseError {
        guard table == nil else { return self }
        return DatabaseError(
            kind: kind, resultCode: resultCode, extendedResultCode: extendedResultCode, message: message,
            sql: sql, table: name, column: column, row: row, sqlState: sqlState, constraint: constraint,
            recordKey: recordKey, connectionFailure: connectionFailure
        )
    }

    /// The same error, naming the record's key (`id = 5`) unless it already names one.
    @usableFromInline
    func withRecordKey(_ key: String?) -> DatabaseError {
        guard recordKey == nil, let key else { return self }
        return DatabaseError(
            kind: kind, resultCode: resultCode, extendedResultCode: extendedResultCode, message: message,
            sql: sql, table: table, column: column, row: row, sqlState: sqlState, constraint: constraint, recordKey: key,
            connectionFailure: connectionFailure
        )
    }

    /// The same error, naming `name` as its column unless it already names one.
    @usableFromInline
    func inColumn(_ name: String) -> DatabaseError {
        guard column == nil else { return self }
        return DatabaseError(
            kind: kind, resultCode: resultCode, extendedResultCode: extendedResultCode, message: message,
            sql: sql, table: table, column: name, row: row, sqlState: sqlState, constraint: constraint,
            recordKey: recordKey, connectionFailure: connectionFailure
        )
    }

    /// The same error, naming `table` and `column` (a storage's refusal of a value, made without knowing where it goes).
    func inTable(_ table: String, column: String) -> DatabaseError {
        DatabaseError(
            kind: kind, resultCode: resultCode, extendedResultCode: extendedResultCode, message: message,
            sql: sql, table: table, column: column, row: row, sqlState: sqlState, constraint: constraint,
            recordKey: recordKey, connectionFailure: connectionFailure
        )
    }

    /// The same `SQLITE_BUSY` error, saying that it waited for the busy timeout of `timeoutMilliseconds` and what
    /// to do (once: an error already explained is returned as it is).
    func explainingBusy(timeoutMilliseconds: Int32) -> DatabaseError {
        guard extendedResultCode == SQLITE_BUSY, !message.contains("busy timeout") else { return self }
        let waited = timeoutMilliseconds > 0
            ? "another connection or process held the lock for the whole busy timeout (\(timeoutMilliseconds) ms)"
            : "another connection or process held the lock, and the busy timeout is 0 (no waiting)"
        return DatabaseError(
            kind: kind, resultCode: resultCode, extendedResultCode: extendedResultCode,
            message: "\(message): \(waited); keep its transactions short, or raise Options.busyTimeout",
            sql: sql, table: table, column: column, row: row, recordKey: recordKey
        )
    }

    /// The same error, carrying `sql` unless it already carries some.
    func withSQL(_ sql: String) -> DatabaseError {
        guard self.sql == nil else { return self }
        return DatabaseError(
            kind: kind, resultCode: resultCode, extendedResultCode: extendedResultCode, message: message,
            sql: sql, table: table, column: column, row: row, sqlState: sqlState, constraint: constraint,
            recordKey: recordKey, connectionFailure: connectionFailure
        )
    }

    /// The error SQLite reports for the last failed call on `handle`.
    static func sqlite(_ handle: OpaquePointer?, code: Int32, sql: String?) -> DatabaseError {
        let message: String
        if let handle, let text = sqlite3_errmsg(handle) {
            message = String(cString: text)
        } else if let text = sqlite3_errstr(code) {
            message = String(cString: text)
        } else {
            message = "unknown error"
        }
        var extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        if extended & 0xFF != code & 0xFF { extended = code }
        return DatabaseError(
            kind: .sqlite, resultCode: code & 0xFF, extendedResultCode: extended, message: message, sql: sql
        )
    }

    /// A `.misuse` error (`SQLITE_MISUSE`) saying `message`: the API was called in a way it refuses.
    static func misuse(_ message: String) -> DatabaseError {
        DatabaseError(kind: .misuse, resultCode: SQLITE_MISUSE, message: message)
    }

    /// NaN offered to a column (a filter, `set(to:)`): SQLite would store it as NULL. Binding refuses it with the
    /// same words and the parameter's position (`StatementBinding.bindDouble`).
    @usableFromInline
    static let notANumber = DatabaseError(
        kind: .encoding, resultCode: SQLITE_MISMATCH, message: "NaN cannot be stored: \(notANumberAdvice)"
    )

    /// Why NaN is refused, and what to do instead.
    static let notANumberAdvice = "SQLite would store it as NULL; store nil or a number"

    static let closedDatabase = DatabaseError(
        kind: .closed, resultCode: SQLITE_MISUSE, message: "the database was closed with Database.close()"
    )
}
