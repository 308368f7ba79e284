import ORMKitSQLite

// How a SQLite connection reports to its `DatabaseInstrument`: called only when it has one.
extension Connection {
    /// Reports `statement` starting, in the transaction followed.
    func startReporting(_ statement: Statement, to instrument: any DatabaseInstrument) {
        let instrumentation = statement.instrumentation ?? StatementInstrumentation(statement, namespace: path)
        statement.instrumentation = instrumentation
        instrumentation.activity = instrument.statementStarted(
            InstrumentedStatement(instrumentation.shared, arguments: nil, parent: transactionActivity)
        )
    }

    /// Reports the end of `statement`'s run (before its reset, while its bound values can still be read).
    func finishReporting(_ statement: Statement, _ instrumentation: StatementInstrumentation) {
        guard let activity = instrumentation.activity else { return }
        let failure = instrumentation.failure
        instrumentation.activity = nil
        instrumentation.failure = nil
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

/// What an instrument follows of one prepared statement: its description (operation and table worked out once), and
/// the run in progress.
final class StatementInstrumentation {
    /// The statement's SQL, first keyword (`SELECT`), and the one table it writes, else the one table it reads (nil
    /// when it touches several or none, as OpenTelemetry's `db.collection.name` asks).
    let shared: InstrumentedStatement.Description
    /// The run in progress, reported when the statement is released.
    var activity: (any InstrumentedActivity)?
    /// The failure of that run.
    var failure: (any Error)?

    init(_ statement: Statement, namespace: String) {
        let access = statement.access
        let tables = access.isWrite ? Array(access.writes.keys) : Array(access.reads.keys)
        shared = InstrumentedStatement.Description(
            system: SQLDialect.sqlite.name, sql: statement.sql, operation: InstrumentedStatement.operation(of: statement.sql),
            table: tables.count == 1 ? tables[0] : nil, namespace: namespace, server: nil
        )
    }
}
