/// The values of an observed fetch, as an `AsyncSequence`: the current value at once, then a new value after
/// each commit that changed it. Made by `Database.observe(_:)` and `Database.observeChanges(_:)`.
///
/// ```swift
/// for try await authors in db.observe(Author.order(Author.name)) {
///     print(authors.map(\.name))          // the current list, then after each change
/// }
/// ```
///
/// Each `for … in` loop (each iterator) is one observation: it registers with the database when it starts
/// and stops when the loop ends, its task is cancelled, or the database closes. After a commit, a task waiting
/// for its value gets it fetched on the writer before `write` returns (`Database.Options.observationFetch`,
/// `.writerWhenAwaited`); otherwise the fetch runs on a reader connection. Commits that arrive while a fetch runs
/// are covered by one more fetch, so a burst of commits gives at most one new value per fetch, and a value equal
/// to the previous one is never yielded.
public struct DatabaseObservation<Element: Sendable>: AsyncSequence, Sendable {
    private let makeIteration: @Sendable () -> Iteration

    init<Reducer: ObservationReducer>(database: Database, reducer: @escaping @Sendable () -> Reducer)
    where Reducer.Element == Element {
        makeIteration = {
            let observer = Observer(database: database, reducer: reducer())
            observer.start()
            return Iteration(next: { try await observer.next() }, finish: { observer.finish(throwing: nil) })
        }
    }

    /// Starts the observation.
    public func makeAsyncIterator() -> Iterator {
        Iterator(iteration: makeIteration())
    }

    /// Iterates one observation; the observation stops when the iterator is released.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let iteration: Iteration

        /// The next value: at once the first time, then after the next commit that changed it; nil when the
        /// task was cancelled or the database closed.
        ///
        /// - Throws: `DatabaseError` when a fetch fails (the observation then ends).
        public mutating func next() async throws -> Element? {
            try await iteration.next()
        }
    }

    /// Ends its observation when released.
    fileprivate final class Iteration: Sendable {
        let next: @Sendable () async throws -> Element?
        let finish: @Sendable () -> Void

        init(next: @escaping @Sendable () async throws -> Element?, finish: @escaping @Sendable () -> Void) {
            self.next = next
            self.finish = finish
        }

        deinit {
            finish()
        }
    }
}

extension Database {
    /// Observes the value `fetch` returns: yields it at once, then again after each commit that changed it.
    ///
    /// ```swift
    /// let counts = db.observe { conn in try Author.filter(Author.isActive).count(conn) }
    /// for try await count in counts { print("\(count) active authors") }
    /// ```
    ///
    /// `fetch` runs on a reader in one snapshot; what it reads (tables and columns, from the SQL of each
    /// statement it runs) decides which commits make it run again. Any fetch works: records, counts,
    /// aggregates, eager-loaded results, raw SQL. A commit that leaves the value equal yields nothing.
    /// Changes made by other connections to the file are seen within `Options.externalChangePollInterval`.
    public func observe<Value: Equatable & Sendable>(
        _ fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> DatabaseObservation<Value> {
        DatabaseObservation(database: self) { ValueReducer(lookup: nil, fetch: fetch) }
    }

    /// Observes the records `request` fetches: yields them at once, then after each commit that changed them.
    /// A lookup by `INTEGER PRIMARY KEY` (`Author.filter(Author.id == id)`) only fetches again when a commit
    /// touched one of its rows.
    ///
    /// ```swift
    /// for try await authors in db.observe(Author.filter(Author.isActive).order(Author.name)) {
    ///     render(authors)
    /// }
    /// ```
    public func observe<R: Record & Equatable>(_ request: QueryRequest<R>) -> DatabaseObservation<[R]> {
        let lookup = request.lookedUpRowIDs.map { (table: R.schema.name, rowIDs: $0) }
        return DatabaseObservation(database: self) { ValueReducer(lookup: lookup) { try request.fetchAll($0) } }
    }

    /// Observes which rows of `request` change: yields every row as inserted at once, then, after each commit
    /// that changed the result, the ids inserted, updated and deleted among its rows with the new rows (see
    /// `RecordChanges`) — what a list needs to animate, without fetching the whole result again when the commit
    /// touched only the request's own table.
    ///
    /// ```swift
    /// var rows: [Author.ID: Author] = [:]
    /// for try await changes in db.observeChanges(Author.filter(Author.rating >= 4)) {
    ///     rows = changes.applied(to: rows)
    /// }
    /// ```
    ///
    /// Commits that arrive before the task asks for the next element are merged into one element; a commit
    /// that leaves the rows equal yields nothing.
    public func observeChanges<R: Record & Identifiable & Equatable>(
        _ request: QueryRequest<R>
    ) -> DatabaseObservation<RecordChanges<R>> where R.ID: Sendable {
        DatabaseObservation(database: self) { ChangeSetReducer(request: request) }
    }
}
