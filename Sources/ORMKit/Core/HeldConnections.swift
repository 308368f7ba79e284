import Foundation

/// The connections the current thread is using inside `read`/`write` closures, per database: nested calls
/// reuse the connection already in use (a read inside a write sees the write's changes, a read inside a read
/// stays in its snapshot) instead of waiting for another one, and a write inside a read is refused instead of
/// deadlocking on `close()`.
///
/// Thread-local (a `pthread` key), not task-local: a task-local would be inherited by tasks started inside a
/// closure, which could then use a connection from another thread.
enum HeldConnections {
    /// How the current thread holds a database's connection.
    struct Entry {
        let database: ObjectIdentifier
        let connection: Unmanaged<Connection>
        let isReader: Bool
    }

    /// One thread's entries, innermost last.
    private final class Stack {
        var entries: [Entry] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        return key
    }()

    private static var stack: Stack {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Stack>.fromOpaque(pointer).takeUnretainedValue()
        }
        let stack = Stack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// The connection the current thread holds for `database`, if it is inside one of its closures.
    static func entry(for database: ObjectIdentifier) -> Entry? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        let entries = Unmanaged<Stack>.fromOpaque(pointer).takeUnretainedValue().entries
        return entries.last { $0.database == database }
    }

    /// Runs `body` with `connection` recorded as held by the current thread for `database`.
    static func holding<T>(
        _ connection: Connection, isReader: Bool, for database: ObjectIdentifier, _ body: () throws -> T
    ) rethrows -> T {
        let stack = stack
        stack.entries.append(Entry(database: database, connection: .passUnretained(connection), isReader: isReader))
        defer { stack.entries.removeLast() }
        return try body()
    }
}
