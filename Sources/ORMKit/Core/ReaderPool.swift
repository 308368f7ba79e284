import Foundation

/// The read-only connections of a WAL file database: at most `capacity`, opened on first use, each used by
/// one thread at a time. `acquire` waits while all are in use.
final class ReaderPool: @unchecked Sendable {
    // `@unchecked`: `idle`, `readers` and `isClosed` are only touched under `state`; a reader's
    // connection only by the thread that acquired it, which holds the reader's `lock` meanwhile (cursors
    // released later take that lock too).

    /// One reader connection and the lock held by whoever uses it.
    final class Reader {
        let connection: Connection
        let lock: NSRecursiveLock

        init(connection: Connection, lock: NSRecursiveLock) {
            self.connection = connection
            self.lock = lock
        }
    }

    /// The most readers open at once.
    let capacity: Int
    private let open: () throws -> OpaquePointer
    private let state = NSLock()
    private let slots: DispatchSemaphore
    private var idle: [Reader] = []
    private var readers: [Reader] = []
    private var isClosed = false
    /// The database's trace closure, installed on a reader when it is acquired.
    private let trace: TraceSetting
    /// What readers report to (`Database.Options.instrument`), and the path they report.
    private let instrument: (any DatabaseInstrument)?
    private let path: String

    /// A pool of up to `capacity` readers of the file at `path`, each opened by `open`, tracing as `trace` says and
    /// reporting to `instrument`.
    init(
        capacity: Int, trace: TraceSetting, instrument: (any DatabaseInstrument)?, path: String,
        open: @escaping () throws -> OpaquePointer
    ) {
        self.capacity = capacity
        self.trace = trace
        self.instrument = instrument
        self.path = path
        self.open = open
        self.slots = DispatchSemaphore(value: capacity)
    }

    /// A reader for the caller's exclusive use (its lock taken), waiting while every reader is in use.
    ///
    /// - Throws: `DatabaseError` (`.closed`) after `close()`, or when a new connection cannot be opened.
    func acquire() throws -> Reader {
        guard let instrument else { return try acquireReader() }
        let waitStart = ContinuousClock.now
        let reader = try acquireReader()
        instrument.connectionLeased(InstrumentedLease(system: "sqlite", pool: "readers", waited: ContinuousClock.now - waitStart))
        return reader
    }

    private func acquireReader() throws -> Reader {
        slots.wait()
        state.lock()
        defer { state.unlock() }
        guard !isClosed else {
            slots.signal()
            throw DatabaseError.closedDatabase
        }
        let reader: Reader
        if let free = idle.popLast() {
            reader = free
        } else {
            do {
                let lock = NSRecursiveLock()
                let connection = Connection(handle: try open(), databaseLock: lock, instrument: instrument, path: path)
                reader = Reader(connection: connection, lock: lock)
            } catch {
                slots.signal()
                throw error
            }
            readers.append(reader)
        }
        reader.lock.lock()
        trace.apply(to: reader.connection)
        return reader
    }

    /// Gives `reader` back to the pool.
    func release(_ reader: Reader) {
        instrument?.connectionReturned(InstrumentedLease(system: "sqlite", pool: "readers", waited: .zero))
        reader.lock.unlock()
        state.lock()
        idle.append(reader)
        state.unlock()
        slots.signal()
    }

    /// Waits for every reader in use, closes them all and runs `body` while no reader can be taken; later
    /// `acquire` calls open new connections (with what `body` changed, such as the encryption key).
    ///
    /// - Throws: what `body` throws, or `DatabaseError` when SQLite fails to close a connection (after `body`).
    func closingReaders<T>(_ body: () throws -> T) throws -> T {
        for _ in 0..<capacity { slots.wait() }
        defer { for _ in 0..<capacity { slots.signal() } }
        let current = state.withLock {
            defer { readers = []; idle = [] }
            return readers
        }
        var failure: (any Error)?
        for reader in current {
            do { try reader.connection.close() } catch { failure = failure ?? error }
        }
        let result = try body()
        if let failure { throw failure }
        return result
    }

    /// Waits for every reader in use, then closes them all; later `acquire` calls throw `.closed`.
    ///
    /// - Throws: `DatabaseError` when SQLite fails to close a connection (the others are closed anyway).
    func close() throws {
        let wasClosed = state.withLock {
            defer { isClosed = true }
            return isClosed
        }
        guard !wasClosed else { return }
        try closingReaders {}
    }
}
