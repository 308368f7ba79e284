import Foundation
import ORMKit
import PostgresNIO

// Record operations as named prepared statements: each connection parses and plans a statement once, then only
// binds and executes it (one Bind/Execute instead of Parse/Describe/Bind/Execute per call), as hand-written
// postgres-nio code does with `PostgresPreparedStatement`.
//
// postgres-nio names a prepared statement by its type (`static var name`/`sql`), so each record operation is a type:
// `PreparedRecordStatement<Item, UpdateByKey>` reads its SQL from `Item`'s `PostgresRecordSQL`.

/// A record operation whose statement can be prepared: where its statement sits in a table's `PostgresRecordSQL`.
protocol RecordStatementKind {
    /// The statement, or nil when the table has none of this kind (no primary key, no auto-increment key).
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement?
}

enum SelectAllRows: RecordStatementKind {
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement? { sql.selectAll }
}

enum InsertRow: RecordStatementKind {
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement? { sql.insert }
}

enum InsertAssigningKey: RecordStatementKind {
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement? { sql.insertAssigningKey }
}

enum FindByKey: RecordStatementKind {
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement? { sql.keyed?.find }
}

enum ExistsByKey: RecordStatementKind {
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement? { sql.keyed?.exists }
}

enum DeleteByKey: RecordStatementKind {
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement? { sql.keyed?.deleteByKey }
}

enum UpdateByKey: RecordStatementKind {
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement? { sql.keyed?.update }
}

enum DeleteRecord: RecordStatementKind {
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement? { sql.keyed?.deleteRecord }
}

enum UpsertByKey: RecordStatementKind {
    static func statement(in sql: PostgresRecordSQL) -> PostgresStatement? { sql.keyed?.upsert }
}

/// `Kind`'s statement of `R`'s table as postgres-nio's prepared statement; rows come back undecoded.
struct PreparedRecordStatement<R: Record, Kind: RecordStatementKind>: PostgresPreparedStatement {
    typealias Row = PostgresRow
    let bindings: PostgresBindings

    private static var statement: PostgresStatement? { Kind.statement(in: PostgresRecordSQL.of(R.self)) }
    static var name: String { statement?.preparation?.name ?? "" }
    static var sql: String { statement?.sql ?? "" }
    static var bindingDataTypes: [PostgresDataType] { statement?.preparation?.parameterTypes ?? [] }

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// What preparing a statement needs: a name unique in the process and every parameter's type, declared up front so
/// a NULL in the first call cannot fix a type later values do not have.
final class StatementPreparation: Sendable {
    let parameterTypes: [PostgresDataType]
    private let baseName: String
    // `generation` changes the name after a failed preparation: postgres-nio remembers the failure per connection
    // and name, so a retry under the old name would fail again forever on that connection.
    private let generation = LockedCounter()

    /// Nil when a parameter's type is unknown (a record without PostgreSQL metadata): such statements run unprepared.
    init?(baseName: String, parameterTypes: [PostgresDataType?]) {
        let known = parameterTypes.compactMap { $0 }
        guard known.count == parameterTypes.count else { return nil }
        self.baseName = baseName
        self.parameterTypes = known
    }

    /// The statement's current name on the server.
    var name: String {
        let current = generation.value
        return current == 0 ? baseName : "\(baseName)_\(current)"
    }

    /// Whether `arguments` bind as the declared types (NULL binds as any); otherwise the call runs unprepared.
    func accepts(_ arguments: [WireValue]) -> Bool {
        guard arguments.count == parameterTypes.count else { return false }
        for (argument, type) in zip(arguments, parameterTypes) {
            if let sent = argument.postgresType, sent != type { return false }
        }
        return true
    }

    /// Takes a new name when `error` may have come from preparing (not from executing) the statement: a missing
    /// table or column, an aborted transaction, a changed result type.
    func retireName(after error: any Error) {
        guard let state = (error as? DatabaseError)?.sqlState else { return }
        if state.hasPrefix("42") || state.hasPrefix("25") || state.hasPrefix("26") || state == "0A000" {
            generation.increment()
        }
    }

    /// The type a value of PostgreSQL type `declared` (a generated column's DDL type) is sent as, or nil.
    static func parameterType(declared: String) -> PostgresDataType? {
        let base = declared.uppercased().split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        switch base {
        case "BIGINT", "INTEGER", "SMALLINT", "INT", "INT2", "INT4", "INT8": return .int8
        case "TEXT", "VARCHAR", "CHARACTER VARYING": return .text
        case "DOUBLE PRECISION", "REAL", "FLOAT8", "FLOAT4": return .float8
        case "BOOLEAN", "BOOL": return .bool
        case "NUMERIC", "DECIMAL": return .numeric
        case "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE": return .timestamptz
        case "BYTEA": return .bytea
        case "UUID": return .uuid
        case "JSONB": return .jsonb
        default: return nil
        }
    }

    /// A process-unique prefix for a table's statement names.
    static func uniquePrefix() -> String { "ormkit\(tables.increment())" }
    private static let tables = LockedCounter()
}

extension WireValue {
    /// The PostgreSQL type this value is bound as (`PostgresBindings.append(wire:)`); nil for NULL.
    var postgresType: PostgresDataType? {
        switch self {
        case .null: nil
        case .bool: .bool
        case .integer: .int8
        case .double: .float8
        case .decimal: .numeric
        case .text: .text
        case .bytes: .bytea
        case .uuid: .uuid
        case .timestamp: .timestamptz
        case .json: .jsonb
        }
    }
}

/// A counter shared across tasks.
final class LockedCounter: @unchecked Sendable {
    // `@unchecked`: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    /// Adds one; returns the new value.
    @discardableResult
    func increment() -> Int {
        lock.withLock {
            count &+= 1
            return count
        }
    }
}
