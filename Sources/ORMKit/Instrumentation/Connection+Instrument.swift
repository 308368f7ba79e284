import ORMKitSQLite

// How a SQLite connection reports to its `DatabaseInstrument`: called only when it has one.
extension Connection {
    /// `statement` as the instrument sees it start: its SQL, operation and table, in the transaction followed.
    func instrumented(_ statement: Statement) -> InstrumentedStatement {
        let label = statement.instrumentedLabel ?? Self.label(of: statement)
        statement.instrumentedLabel = label
        return InstrumentedStatement(
            system: SQLDialect.sqlite.name, sql: statement.sql, operation: label.operation, table: label.table,
            namespace: path, server: nil, arguments: nil, parent: transactionActivity
        )
    }

    /// Reports the end of `statement`'s run (before its reset, while its bound values can still be read).
    func finish(_ activity: any InstrumentedActivity, of statement: Statement) {
        let failure = statement.failure
        statement.activity = nil
        statement.failure = nil
        let arguments = instrument?.capturesArguments == true && statement.parameterCount > 0
            ? sqlite3_expanded_sql(statement.handle).map { expanded in
                defer { sqlite3_free(expanded) }
                return String(cString: expanded)
            }
            : nil
        activity.finished(error: failure, arguments: arguments)
    }

    /// Reports a statement that did not compile, as one that started and failed.
    func reportFailedPreparation(of sql: String, _ error: any Error, to instrument: any DatabaseInstrument) {
        instrument.statementStarted(InstrumentedStatement(
            system: SQLDialect.sqlite.name, sql: sql, operation: InstrumentedStatement.operation(of: sql), table: nil,
            namespace: path, server: nil, arguments: nil, parent: transactionActivity
        )).finished(error: error, arguments: nil)
    }

    /// The statement's operation, and its table: the one table it writes, else the one table it reads (none when
    /// it touches several, as OpenTelemetry's `db.collection.name` asks).
    private static func label(of statement: Statement) -> (operation: String, table: String?) {
        let access = statement.access
        let tables = access.isWrite ? Array(access.writes.keys) : Array(access.reads.keys)
        return (InstrumentedStatement.operation(of: statement.sql), tables.count == 1 ? tables[0] : nil)
    }

    /// Runs `body` as a transaction the instrument follows (its statements' parent), when there is an instrument.
    /// `readOnly`: the transaction is made read-only on the writer (a reader connection is read-only anyway).
    func instrumentingTransaction<T>(readOnly: Bool, _ body: () throws -> T) throws -> T {
        guard let instrument, transactionActivity == nil else { return try body() }
        let isWrite = !readOnly && !isReadOnlyConnection
        let activity = instrument.transactionStarted(
            InstrumentedTransaction(system: SQLDialect.sqlite.name, isWrite: isWrite, namespace: path, server: nil)
        )
        transactionActivity = activity
        defer { transactionActivity = nil }
        do {
            let result = try body()
            activity.finished(error: nil, arguments: nil)
            return result
        } catch {
            activity.finished(error: error, arguments: nil)
            throw error
        }
    }
}
