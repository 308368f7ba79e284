import ORMKitSQLite

extension Database {
    /// Runs `body` after each commit of a write made through this database, with what it changed.
    ///
    /// ```swift
    /// let subscription = db.afterCommit { changes in
    ///     if changes.tables.contains("books") { print("books changed") }
    /// }
    /// ```
    ///
    /// `body` runs on the writer's thread right after the commit, in commit order, before the next write
    /// starts: keep it short. It may read (on the writer, seeing the committed data); a write it makes is
    /// reported after it, not inside it. It runs until the returned subscription is cancelled or released.
    public func afterCommit(_ body: @escaping @Sendable (DatabaseChanges) -> Void) -> DatabaseSubscription {
        addHook(body, isCommit: true)
    }

    /// Runs `body` after each rollback of a write transaction made through this database (a closure that
    /// threw, a failed statement in autocommit mode, a cancelled async write), with what it had changed before
    /// it was undone. Same thread and lifetime rules as `afterCommit(_:)`.
    public func afterRollback(_ body: @escaping @Sendable (DatabaseChanges) -> Void) -> DatabaseSubscription {
        addHook(body, isCommit: false)
    }

    private func addHook(_ body: @escaping @Sendable (DatabaseChanges) -> Void, isCommit: Bool) -> DatabaseSubscription {
        let id = HookID()
        observationCenter.addHook(body, isCommit: isCommit, id: ObjectIdentifier(id))
        return DatabaseSubscription { [weak center = observationCenter] in center?.removeHook(id: ObjectIdentifier(id)) }
    }

    /// Checks whether another connection (another `Database` value, another process) committed since the last
    /// check (`PRAGMA data_version`); if so, every observation of this database fetches again (and yields
    /// only if its value changed). Runs on its own every `Options.externalChangePollInterval` while observed.
    ///
    /// - Throws: `DatabaseError` (`.closed`, or when the pragma fails).
    public func checkForExternalChanges() throws {
        guard observationCenter.hasObservers else { return }
        let version = try withConnection { conn in try Int64.fetchOne(conn, sql: "PRAGMA data_version") ?? 0 }
        if observationCenter.updateDataVersion(version) { observationCenter.didChangeExternally() }
    }

    /// How many observations of this database have a task waiting for their next value (tests: where a fetch ran).
    @_spi(Testing) public var observationsAwaitingValue: Int { observationCenter.awaitingCount }

    /// Tells the hooks and observers about the transactions the writer finished, at the end of the outermost
    /// closure that held it.
    func deliverFinishedTransactions(of connection: Connection) {
        guard let tracker = connection.changeTracker, !connection.isClosed, !connection.isInTransaction else { return }
        let (committed, rolledBack) = tracker.takeFinishedChanges()
        if let rolledBack { observationCenter.didRollBack(rolledBack) }
        if let committed { observationCenter.didCommit(committed) }
    }

    /// Starts telling `observer` about commits; collects rowids and polls `data_version` as needed. Takes the
    /// writer's lock: call it off the caller's thread (the observer does, on its fetch queue).
    ///
    /// - Throws: `DatabaseError` (`.closed`).
    func register(_ observer: any ChangeObserver) throws {
        try withConnection { conn in
            let first = observationCenter.add(observer)
            updateRowIDTracking(conn)
            if first {
                _ = observationCenter.updateDataVersion(try Int64.fetchOne(conn, sql: "PRAGMA data_version") ?? 0)
                if let interval = options.externalChangePollInterval {
                    observationCenter.startPolling(every: interval) { [weak self] in try? self?.checkForExternalChanges() }
                }
            }
        }
    }

    /// Stops telling `observer` about commits. Returns at once: the writer stops collecting rowids later, on
    /// its queue.
    func unregister(_ observer: any ChangeObserver) {
        if observationCenter.remove(observer) { observationCenter.stopPolling() }
        queue.async { [weak self] in try? self?.withConnection { conn in self?.updateRowIDTracking(conn) } }
    }

    /// Installs or removes the writer's update hook, as the current observers need rowids or not.
    private func updateRowIDTracking(_ conn: Connection) {
        conn.changeTracker?.setTracksRowIDs(observationCenter.needsRowIDs, handle: conn.handle, inTransaction: conn.isInTransaction)
    }
}

/// The identity of one transaction hook.
private final class HookID: Sendable {}
