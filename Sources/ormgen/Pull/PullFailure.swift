/// A problem that stops `ormgen pull` before anything is written; printed as `ormgen: error: <message>`.
struct PullFailure: Error, Equatable {
    /// What went wrong, naming the path involved.
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
