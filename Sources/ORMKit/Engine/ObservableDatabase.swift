/// A database whose changes app code can observe, whatever the engine that offers it: a function taking
/// `some ObservableDatabase` yields a request's records again after each commit that changed them.
///
/// ```swift
/// func activeAuthors(in db: some ObservableDatabase) -> DatabaseObservation<[Author]> {
///     db.observe(Author.filter(Author.isActive).order(Author.name))
/// }
/// ```
///
/// Per engine:
/// - SQLite's ``Database`` adopts it: SQLite's commit and update hooks say which tables and rows each commit
///   changed, so a request runs again only after a commit that touched what it read, and commits by other
///   connections are seen by polling `PRAGMA data_version` (`Database.Options.externalChangePollInterval`).
/// - PostgreSQL's `PostgresDatabase` does not adopt it in this version: the server reports no such changes
///   without triggers (`LISTEN`/`NOTIFY`) that the schema does not install, and polling every query would load
///   the server. Passing one where an `ObservableDatabase` is expected does not compile.
public protocol ObservableDatabase: DatabaseWriter {
    /// The records `request` fetches, yielded at once and then after each commit that changed them.
    func observe<R: Record & Equatable>(_ request: QueryRequest<R>) -> DatabaseObservation<[R]>

    /// Which rows of `request` each commit inserted, updated and deleted, after the whole result at once.
    func observeChanges<R: Record & Identifiable & Equatable>(
        _ request: QueryRequest<R>
    ) -> DatabaseObservation<RecordChanges<R>> where R.ID: Sendable
}

extension Database: ObservableDatabase {}
