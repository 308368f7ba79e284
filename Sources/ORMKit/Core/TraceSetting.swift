/// The trace closure of a database's connections (`Database.trace(_:)`): set at once, without waiting for running
/// reads and writes, and installed on each connection the next time it is taken for use. A statement starts on a
/// connection with the setting in force when its closure took the connection.
final class TraceSetting: Sendable {
    /// Bumped by every `set`; each connection remembers the generation it installed.
    private let generation = AtomicInteger(0)
    private let body = Locked<(@Sendable (TraceEvent) -> Void)?>(nil)

    /// Makes `newBody` the setting (nil: no tracing).
    func set(_ newBody: (@Sendable (TraceEvent) -> Void)?) {
        body.withLock { body in
            body = newBody
            generation.add(1)
        }
    }

    /// Installs the current setting on `connection` unless it already has it. Called by whoever just took the
    /// connection for its exclusive use.
    func apply(to connection: Connection) {
        guard generation.load() != connection.traceGeneration else { return }
        let (current, installed) = body.withLock { body in (body, generation.load()) }
        connection.setTrace(current)
        connection.traceGeneration = installed
    }
}
