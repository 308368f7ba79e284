import Foundation

/// How an observation turns fetches into the elements it yields: values compared for equality, or change
/// sets. `fetch` runs on a reader; `apply` and `takeNext` run under the observer's lock.
protocol ObservationReducer: Sendable {
    associatedtype Element: Sendable
    associatedtype Fetched: Sendable

    /// Whether the observer narrows by rowid (the writer must then collect rowids).
    var needsRowIDs: Bool { get }
    /// Fetches what `changes` may have changed (everything when nil), in one snapshot.
    func fetch(_ conn: Connection, changes: DatabaseChanges?) throws -> Fetched
    /// Narrows the region the fetch read (for example to the rowids of a primary-key lookup).
    func narrow(_ region: inout ObservedRegion)
    /// Takes in a fetch and the (narrowed) region it read.
    mutating func apply(_ fetched: Fetched, region: ObservedRegion)
    /// The element to yield now, if any (then forgotten).
    mutating func takeNext() -> Element?
}

/// One running observation: refetches after each commit that touches its region (on the writer before the write
/// returns when its task waits and the options allow, else on a reader), coalescing commits that arrive while it
/// fetches, and hands elements to the task iterating it.
final class Observer<Reducer: ObservationReducer>: ChangeObserver, @unchecked Sendable {
    // `@unchecked`: the mutable state below is only touched under `lock`; `database` and `needsRowIDs` are
    // immutable.
    private let lock = NSLock()
    private weak var database: Database?
    let needsRowIDs: Bool
    /// `Options.observationFetch` is `.writerWhenAwaited`.
    private let fetchesOnWriterWhenAwaited: Bool
    private var reducer: Reducer
    /// What the last fetch read; nil before the first fetch.
    private var region: ObservedRegion?
    /// Changes not fetched yet; `.some(nil)` means fetch everything (the first fetch).
    private var pendingChanges: DatabaseChanges??
    private var isFetching = false
    private var isFinished = false
    private var failure: (any Error)?
    private var waiting: CheckedContinuation<Reducer.Element?, any Error>?

    init(database: Database, reducer: Reducer) {
        self.database = database
        self.reducer = reducer
        self.needsRowIDs = reducer.needsRowIDs
        self.fetchesOnWriterWhenAwaited = database.options.observationFetch == .writerWhenAwaited
    }

    /// Registers with the database and runs the first fetch, on the fetch queue (registering takes the
    /// writer's lock, which a long write holds: the caller's thread never waits for it).
    func start() {
        guard let database else { return finish(throwing: DatabaseError.closedDatabase) }
        lock.lock()
        pendingChanges = .some(nil)
        isFetching = true
        lock.unlock()
        fetchQueue(of: database).async { [self] in
            do {
                try database.register(self)
            } catch {
                lock.lock()
                isFetching = false
                lock.unlock()
                return finish(throwing: error)
            }
            fetchUntilCurrent()
        }
    }

    func databaseDidChange(_ changes: DatabaseChanges, onWriter: Bool) {
        lock.lock()
        // While fetching, keep every change: the fetch may read a region the previous one did not.
        guard !isFinished, isFetching || region.map({ $0.isModified(by: changes) }) ?? true else {
            lock.unlock()
            return
        }
        pendingChanges = .some(mergedPending(with: changes))
        let startsFetch = !isFetching
        isFetching = true
        let fetchesHere = onWriter && waiting != nil && fetchesOnWriterWhenAwaited
        lock.unlock()
        guard startsFetch, let database else { return }
        // The writer is held by this thread: `fetchUntilCurrent` reads on it, before the write returns.
        if fetchesHere { fetchUntilCurrent() } else { scheduleFetch(on: database) }
    }

    func databaseDidClose() {
        finish(throwing: nil)
    }

    var isAwaitingValue: Bool {
        lock.lock()
        defer { lock.unlock() }
        return waiting != nil
    }

    /// The next element: at once when one is ready, else after the next relevant commit; nil once finished
    /// (the task cancelled, or the database closed).
    ///
    /// - Throws: the error a fetch threw (the observation then ends).
    func next() async throws -> Reducer.Element? {
        if Task.isCancelled { finish(throwing: nil) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                if let failure {
                    self.failure = nil
                    lock.unlock()
                    continuation.resume(throwing: failure)
                } else if isFinished {
                    lock.unlock()
                    continuation.resume(returning: nil)
                } else if let element = reducer.takeNext() {
                    lock.unlock()
                    continuation.resume(returning: element)
                } else {
                    waiting = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            finish(throwing: nil)
        }
    }

    /// Ends the observation: the waiting task (or the next `next()`) gets `error`, or nil; later calls nil.
    func finish(throwing error: (any Error)?) {
        lock.lock()
        guard !isFinished else {
            lock.unlock()
            return
        }
        isFinished = true
        let continuation = waiting
        waiting = nil
        if continuation == nil { failure = error }
        lock.unlock()
        if let continuation {
            if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: nil) }
        }
        database?.unregister(self)
    }

    private func mergedPending(with changes: DatabaseChanges) -> DatabaseChanges? {
        switch pendingChanges {
        case .none: return changes
        case .some(.none): return nil
        case .some(.some(let pending)): return pending.merged(with: changes)
        }
    }

    private func scheduleFetch(on database: Database) {
        fetchQueue(of: database).async { [self] in fetchUntilCurrent() }
    }

    /// Where fetches run: the concurrent read queue when there are readers, else the writer's queue.
    private func fetchQueue(of database: Database) -> DispatchQueue {
        database.hasReaderPool ? database.readQueue : database.queue
    }

    /// Fetches until no change arrived during the last fetch.
    private func fetchUntilCurrent() {
        while true {
            lock.lock()
            guard !isFinished, let database, let changes = pendingChanges else {
                isFetching = false
                lock.unlock()
                return
            }
            pendingChanges = nil
            let reducer = self.reducer
            lock.unlock()

            let fetched: Reducer.Fetched
            var region: ObservedRegion
            do {
                (fetched, region) = try database.readObservingRegion { conn in try reducer.fetch(conn, changes: changes) }
            } catch {
                lock.lock()
                isFetching = false
                lock.unlock()
                return finish(throwing: error)
            }
            reducer.narrow(&region)

            lock.lock()
            self.region = region
            self.reducer.apply(fetched, region: region)
            if case .some(.some(let arrived)) = pendingChanges, !region.isModified(by: arrived) { pendingChanges = nil }
            var ready: (CheckedContinuation<Reducer.Element?, any Error>, Reducer.Element)?
            if let continuation = waiting, let element = self.reducer.takeNext() {
                waiting = nil
                ready = (continuation, element)
            }
            lock.unlock()
            if let (continuation, element) = ready { continuation.resume(returning: element) }
        }
    }
}

extension Database {
    /// Runs `body` in a read transaction (on a reader when there are readers) and returns what its statements
    /// read.
    ///
    /// - Throws: what `read` throws.
    func readObservingRegion<T>(_ body: (Connection) throws -> T) throws -> (T, ObservedRegion) {
        try read { conn in
            let recorder = RegionRecorder()
            let previous = conn.regionRecorder
            conn.regionRecorder = recorder
            defer { conn.regionRecorder = previous }
            return (try body(conn), recorder.region)
        }
    }
}
