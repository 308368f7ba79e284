import Foundation

/// Something told about each commit of a database: an observation (see `Observer`).
protocol ChangeObserver: AnyObject, Sendable {
    /// Whether the observer narrows by rowid, so the writer must collect rowids (the update hook).
    var needsRowIDs: Bool { get }
    /// Called after each commit (on the writer's thread, `onWriter` true, the writer held) or external change
    /// (`onWriter` false); may fetch on the writer when `onWriter`, else must return quickly.
    func databaseDidChange(_ changes: DatabaseChanges, onWriter: Bool)
    /// Called when the database closes: the observation ends.
    func databaseDidClose()
    /// Whether a task is waiting for the observation's next value.
    var isAwaitingValue: Bool { get }
}

/// One database's transaction hooks and observers, and its check for changes made by other connections.
final class ObservationCenter: @unchecked Sendable {
    // `@unchecked`: every stored property is only touched under `lock`.
    private let lock = NSLock()
    private var commitHooks: [(id: ObjectIdentifier, body: @Sendable (DatabaseChanges) -> Void)] = []
    private var rollbackHooks: [(id: ObjectIdentifier, body: @Sendable (DatabaseChanges) -> Void)] = []
    private var observers: [ObjectIdentifier: any ChangeObserver] = [:]
    /// `PRAGMA data_version` of the writer when last read; nil while nothing observes.
    private var dataVersion: Int64?
    /// Polls `data_version` while observers exist (when an interval is set).
    private var pollTimer: DispatchSourceTimer?

    /// Adds a hook run after each commit (`isCommit`) or rollback; returns its identifier for `removeHook`.
    func addHook(_ body: @escaping @Sendable (DatabaseChanges) -> Void, isCommit: Bool, id: ObjectIdentifier) {
        lock.lock()
        defer { lock.unlock() }
        if isCommit { commitHooks.append((id, body)) } else { rollbackHooks.append((id, body)) }
    }

    /// Removes a hook added with `id`.
    func removeHook(id: ObjectIdentifier) {
        lock.lock()
        defer { lock.unlock() }
        commitHooks.removeAll { $0.id == id }
        rollbackHooks.removeAll { $0.id == id }
    }

    /// Adds `observer`; returns whether it is the first observer.
    func add(_ observer: any ChangeObserver) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let wasEmpty = observers.isEmpty
        observers[ObjectIdentifier(observer)] = observer
        return wasEmpty
    }

    /// Removes `observer`; returns whether no observer remains.
    func remove(_ observer: any ChangeObserver) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        observers[ObjectIdentifier(observer)] = nil
        return observers.isEmpty
    }

    /// Whether an observer narrows by rowid (the writer must collect them).
    var needsRowIDs: Bool {
        lock.lock()
        defer { lock.unlock() }
        return observers.values.contains { $0.needsRowIDs }
    }

    /// How many observers have a task waiting for their next value.
    var awaitingCount: Int {
        lock.lock()
        let current = Array(observers.values)
        lock.unlock()
        return current.filter(\.isAwaitingValue).count
    }

    /// Whether any observer is registered.
    var hasObservers: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !observers.isEmpty
    }

    /// Runs the hooks and tells the observers; called on the writer's thread, in commit order.
    func didCommit(_ changes: DatabaseChanges) {
        lock.lock()
        let hooks = commitHooks.map(\.body)
        let current = Array(observers.values)
        lock.unlock()
        for hook in hooks { hook(changes) }
        for observer in current { observer.databaseDidChange(changes, onWriter: true) }
    }

    /// Runs the rollback hooks.
    func didRollBack(_ changes: DatabaseChanges) {
        lock.lock()
        let hooks = rollbackHooks.map(\.body)
        lock.unlock()
        for hook in hooks { hook(changes) }
    }

    /// Tells the observers about a change made by another connection.
    func didChangeExternally() {
        lock.lock()
        let current = Array(observers.values)
        lock.unlock()
        for observer in current { observer.databaseDidChange(.external, onWriter: false) }
    }

    /// Records `version`; returns whether it differs from the one recorded before (false the first time).
    func updateDataVersion(_ version: Int64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let previous = dataVersion
        dataVersion = version
        return previous.map { $0 != version } ?? false
    }

    /// Starts polling with `body` every `interval` seconds (replacing a previous timer).
    func startPolling(every interval: Double, _ body: @escaping @Sendable () -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ORMKit.Database.dataVersion"))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(Int(interval * 100)))
        timer.setEventHandler(handler: body)
        lock.lock()
        pollTimer?.cancel()
        pollTimer = timer
        lock.unlock()
        timer.resume()
    }

    /// Stops polling and forgets the recorded data version.
    func stopPolling() {
        lock.lock()
        pollTimer?.cancel()
        pollTimer = nil
        dataVersion = nil
        lock.unlock()
    }

    /// Ends every observation and removes every hook (the database closed).
    func close() {
        stopPolling()
        lock.lock()
        let current = Array(observers.values)
        observers = [:]
        commitHooks = []
        rollbackHooks = []
        lock.unlock()
        for observer in current { observer.databaseDidClose() }
    }
}

/// Keeps a transaction hook (`Database.afterCommit`, `afterRollback`) installed until `cancel()` is called or
/// the subscription is released.
public final class DatabaseSubscription: Sendable {
    private let remove: @Sendable () -> Void

    init(remove: @escaping @Sendable () -> Void) {
        self.remove = remove
    }

    /// Removes the hook; later commits no longer run it. Calling it again does nothing.
    public func cancel() {
        remove()
    }

    deinit {
        remove()
    }
}
