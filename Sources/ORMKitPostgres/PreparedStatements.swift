#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import PostgresNIO

// Statements as named prepared statements: each connection parses and plans a statement once, then only binds and
// executes it (one Bind/Execute instead of Parse/Describe/Bind/Execute per call), as hand-written postgres-nio code
// does with `PostgresPreparedStatement`. Record operations have theirs from the table's `PostgresRecordSQL`; the
// query builder's SQL gets one from `QueryStatementCache` the first time it is rendered.

/// postgres-nio's prepared statement for a statement known only at run time.
///
/// postgres-nio takes a prepared statement's name, SQL and parameter types from static properties of its type, and
/// reads them when `execute` is called, before it suspends. These read `preparation`, a task-local value bound around
/// that call (`PostgresSession.run(_:prepared:bindings:arguments:table:_:)`), so one type serves every statement.
/// The task-local holds the preparation itself (one reference): a struct of its name, SQL and types cost six more
/// retains a statement.
struct NamedStatement: PostgresPreparedStatement {
    typealias Row = PostgresRow

    @TaskLocal static var preparation: StatementPreparation?

    let bindings: PostgresBindings

    static var name: String { preparation?.name ?? "" }
    static var sql: String { preparation?.sql ?? "" }
    static var bindingDataTypes: [PostgresDataType] { preparation?.parameterTypes ?? [] }

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// Whether a database's sessions run statements as named prepared statements: `Options.preparesStatements`, until a
/// session finds a pooler in front of the server (`DatabaseError.isPreparedStatementLost`) and turns it off for good.
/// An atomic, not a lock: every prepared statement reads it.
final class StatementPreparationSwitch: Sendable {
    private let state: AtomicInteger

    init(isOn: Bool) {
        state = AtomicInteger(isOn ? 1 : 0)
    }

    var isOn: Bool { state.load() != 0 }

    func turnOff() {
        state.store(0)
    }
}

/// What preparing a statement needs: a name unique in the process and every parameter's type, declared up front so
/// a NULL in the first call cannot fix a type later values do not have.
final class StatementPreparation: Sendable {
    /// The statement's SQL, with `$1, $2, …`.
    let sql: String
    let parameterTypes: [PostgresDataType]
    private let baseName: String
    // `generation` changes the name after a failed preparation: postgres-nio remembers the failure per connection
    // and name, so a retry under the old name would fail again forever on that connection.
    private let generation = AtomicInteger(0)
    /// The column names, table and SQL of the statement's rows, made from its first row: the same for every call
    /// while the name stands (a changed result type fails the statement and retires the name).
    private let description = Locked<WireResultDescription?>(nil)

    /// Nil when a parameter's type is unknown (a record without PostgreSQL metadata): such statements run unprepared.
    init?(baseName: String, sql: String, parameterTypes: [PostgresDataType?]) {
        let known = parameterTypes.compactMap { $0 }
        guard known.count == parameterTypes.count else { return nil }
        self.sql = sql
        self.baseName = baseName
        self.parameterTypes = known
    }

    /// The statement's current name on the server.
    var name: String {
        let current = generation.load()
        return current == 0 ? baseName : "\(baseName)_\(current)"
    }

    /// The description of the statement's rows, made with `columnNames` the first time.
    func resultDescription(sql: String, table: String?, columnNames: () -> [String]) -> WireResultDescription {
        description.withLock { kept in
            if let kept, kept.sql == sql, kept.table == table { return kept }
            let made = WireResultDescription(columnNames: columnNames(), table: table, sql: sql)
            kept = made
            return made
        }
    }

    /// Takes a new name when `error` may have come from preparing (not from executing) the statement: a missing
    /// table or column, an aborted transaction, a changed result type.
    func retireName(after error: any Error) {
        guard let state = (error as? DatabaseError)?.sqlState else { return }
        if state.hasPrefix("42") || state.hasPrefix("25") || state.hasPrefix("26") || state == "0A000" {
            generation.add(1)
            description.withLock { $0 = nil }
        }
    }

    /// The type a value of `column` is sent as, or nil: an enum's label goes untyped (`WireValue.enumLabel`), other
    /// values as their column's DDL type says.
    static func parameterType(of column: ColumnSchema) -> PostgresDataType? {
        if case .enumeration(isIntegerRaw: false, _, _) = column.kind { return .untyped }
        return parameterType(declared: PostgreSQLDDL().columnType(column))
    }

    /// The type a value of PostgreSQL type `declared` (a generated column's DDL type) is sent as, or nil.
    static func parameterType(declared: String) -> PostgresDataType? {
        let base = declared.uppercased().split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        switch base {
        case "BIGINT", "INTEGER", "SMALLINT", "INT", "INT2", "INT4", "INT8": return .int8
        case "TEXT", "VARCHAR", "CHARACTER VARYING", "CHAR", "CHARACTER": return .text
        case "DOUBLE PRECISION", "REAL", "FLOAT8", "FLOAT4": return .float8
        case "BOOLEAN", "BOOL": return .bool
        case "NUMERIC", "DECIMAL": return .numeric
        // PostgreSQL converts a TIMESTAMPTZ parameter to TIMESTAMP or DATE on assignment, in the session's UTC.
        case "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE", "TIMESTAMP", "TIMESTAMP WITHOUT TIME ZONE", "DATE": return .timestamptz
        case "BYTEA": return .bytea
        case "UUID": return .uuid
        case "JSONB", "JSON": return .jsonb
        default: return nil
        }
    }

    /// A process-unique prefix for a table's statement names.
    static func uniquePrefix() -> String { "ormkit\(tables.increment())" }
    private static let tables = Locked(0)
}

/// The preparations of the query builder's SQL, shared by every connection of the process: a request rendered again
/// (the same SQL) runs as the statement its first rendering prepared.
///
/// Holds at most `capacity` statements (each one is kept on every connection that ran it): SQL first seen after that,
/// or first seen with a NULL argument (whose type the server would infer), runs unprepared.
final class QueryStatementCache: Sendable {
    static let shared = QueryStatementCache(capacity: 1_000)

    let capacity: Int
    private let preparations = Locked<[String: StatementPreparation]>([:])
    /// The statement of each query shape run before (`QueryRequest.selectShape`): a repeated query neither writes
    /// its SQL nor hashes the text (up to `capacity` shapes, then forgotten all at once).
    private let statementsByShape = Locked<[SQLShape: PostgresStatement]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// `sql` with its preparation, when it has one or can get one with the types of `arguments`.
    func statement(_ sql: String, _ arguments: [WireValue]) -> PostgresStatement {
        // The types are listed only for SQL seen the first time (an array per query otherwise).
        PostgresStatement(sql: sql, positions: [], preparation: preparation(sql) { arguments.map(\.postgresType) })
    }

    /// The statement of the query shape `shape`, whose SQL `sql` writes (called until the shape has a preparation),
    /// prepared for the types of `arguments` as `statement(_:_:)` does. A statement without a preparation (a `nil`
    /// value on its first run, or no room left) is not kept, so a later call tries to prepare it again.
    func statement(shape: SQLShape, _ arguments: [WireValue], sql: () -> String) -> PostgresStatement {
        if let known = statementsByShape.withLock({ $0[shape] }) { return known }
        let statement = statement(sql(), arguments)
        guard statement.preparation != nil else { return statement }
        statementsByShape.withLock { statements in
            if statements.count >= capacity { statements = [:] }
            statements[shape] = statement
        }
        return statement
    }

    /// `sql` with its preparation when it has one for exactly `parameterTypes` (nil for a NULL) or can get one:
    /// for bindings made by hand (an array parameter), which `PostgresBindings.binding(_:checking:)` cannot check.
    func statement(_ sql: String, parameterTypes: [PostgresDataType?]) -> PostgresStatement {
        let preparation = preparation(sql) { parameterTypes }
        let matches = preparation.map { $0.parameterTypes.elementsEqual(parameterTypes) { $0 == $1 } } ?? false
        return PostgresStatement(sql: sql, positions: [], preparation: matches ? preparation : nil)
    }

    private func preparation(_ sql: String, _ parameterTypes: () -> [PostgresDataType?]) -> StatementPreparation? {
        preparations.withLock { preparations in
            if let known = preparations[sql] { return known }
            guard preparations.count < capacity,
                let preparation = StatementPreparation(baseName: "ormkitq\(preparations.count + 1)", sql: sql, parameterTypes: parameterTypes())
            else { return nil }
            preparations[sql] = preparation
            return preparation
        }
    }
}

extension WireValue {
    /// The PostgreSQL type this value is bound as (`PostgresBindings.append(wire:context:)`); nil for NULL.
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
        case .enumLabel: .untyped
        }
    }

    /// The PostgreSQL array type values of this kind are bound as (`PostgresBindings.append(array:)`); nil for a
    /// kind without one.
    var postgresArrayType: PostgresDataType? {
        switch self {
        case .integer: .int8Array
        case .text: .textArray
        case .uuid: .uuidArray
        case .timestamp: .timestamptzArray
        case .bool: .boolArray
        case .double: .float8Array
        case .bytes: .byteaArray
        case .null, .decimal, .json, .enumLabel: nil
        }
    }
}
#endif
