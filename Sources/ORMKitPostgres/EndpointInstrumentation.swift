#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import PostgresNIO

/// How a server's sessions report to the database's `DatabaseInstrument`: which server, database and pool.
struct EndpointInstrumentation: Sendable {
    let instrument: any DatabaseInstrument
    let server: InstrumentedServer
    /// The database name.
    let namespace: String?
    /// The endpoint's name (`primary`, `replica 1`): the pool leases are reported from.
    let pool: String

    init(instrument: any DatabaseInstrument, configuration: PostgresClient.Configuration, pool: String) {
        self.instrument = instrument
        if let socket = configuration.unixSocketPath {
            server = InstrumentedServer(address: socket, port: nil)
        } else {
            server = InstrumentedServer(address: configuration.host ?? "localhost", port: configuration.port ?? 5432)
        }
        namespace = configuration.database
        self.pool = pool
    }

    /// Reports a statement starting, in `parent`'s transaction.
    func statementStarted(
        _ sql: String, _ arguments: [WireValue]?, table: String?, parent: (any InstrumentedActivity)?
    ) -> any InstrumentedActivity {
        instrument.statementStarted(InstrumentedStatement(
            system: SQLDialect.postgresql.name, sql: sql, operation: InstrumentedStatement.operation(of: sql),
            table: table, namespace: namespace, server: server,
            arguments: instrument.capturesArguments ? arguments.map { String(describing: $0) } : nil, parent: parent
        ))
    }

    /// Reports a transaction beginning.
    func transactionStarted(isWrite: Bool) -> any InstrumentedActivity {
        instrument.transactionStarted(InstrumentedTransaction(
            system: SQLDialect.postgresql.name, isWrite: isWrite, namespace: namespace, server: server
        ))
    }

    /// Reports that no connection could be leased within `waited`.
    func leaseFailed(waited: Duration, error: any Error) {
        instrument.connectionFailed(
            InstrumentedLease(system: SQLDialect.postgresql.name, pool: pool, waited: waited), error: error
        )
    }

    /// Reports a connection leased after `waited`, or (`waited` nil) returned.
    func lease(waited: Duration?) {
        let lease = InstrumentedLease(system: SQLDialect.postgresql.name, pool: pool, waited: waited ?? .zero)
        if waited == nil { instrument.connectionReturned(lease) } else { instrument.connectionLeased(lease) }
    }
}
#endif
