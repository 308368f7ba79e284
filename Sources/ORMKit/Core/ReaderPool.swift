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

    /// Guards `isPaused` and `inUse`, and wakes the acquirers a pause held and the pauser waiting for idle readers.
    private let pause = NSCondition()
    /// While true, `acquire` waits (`whilePaused`).
    private var isPaused = false
    /// Readers acquired and not released.
    private var inUse = 0

    /// Runs `body` while no new reader is handed out, once every reader in use was released (`body(true)`) or
    /// `timeout` seconds passed first (`body(false)`); then hands out readers again. One pause at a time: a second
    /// call runs `body(false)` at once.
    func whilePaused(timeout: TimeInterval, _ body: (_ idle: Bool) -> Void) {
        pause.lock()
        guard !isPaused else {
            pause.unlock()
            return body(false)
        }
        isPaused = true
        let deadline = Date(timeIntervalSinceNow: timeout)
        while inUse > 0, pause.wait(until: deadline) {}
        let idle = inUse == 0
        pause.unlock()
        body(idle)
        pause.lock()
        isPaused = false
        pause.broadcast()
        pause.unlock()
    }

    /// A reader for the caller's exclusive use (its lock taken), waiting while every reader is in use (and while
    /// reads are paused).
    ///
    /// - Throws: `DatabaseError` (`.closed`) after `close()`, or when a new connection cannot be opened.
    func acquire() throws -> Reader {
        pause.lock()
        while isPaused { pause.wait() }
        inUse += 1
        pause.unlock()
        do {
            return try acquireCounted()
        } catch {
            didRelease()
            throw error
        }
    }

    /// Counts a reader released (or an acquisition that failed); wakes a pause waiting for idle readers.
    private func didRelease() {
        pause.lock()
        inUse -= 1
        if inUse == 0 { pause.broadcast() }
        pause.unlock()
    }

    private func acquireCounted() throws -> Reader {
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
        didRelease()
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
