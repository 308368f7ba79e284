/// A problem that stops `ormgen pull` before anything is written; printed as `ormgen: error: <message>`.
public struct PullFailure: Error, Equatable, Sendable {
    /// What went wrong, naming the path involved.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
