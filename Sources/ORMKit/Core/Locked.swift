import Foundation

/// A value shared across threads and tasks, reached only through `withLock`: the one lock-plus-variable box of
/// the package (caches, counters, settings read by each session).
///
/// Not the standard library's `Mutex`: that needs macOS 15 / iOS 18, and the package supports macOS 13 / iOS 16
/// (for the same reason an integer read on every statement is an `AtomicInteger`, not an `Atomic`).
package final class Locked<Value>: @unchecked Sendable {
    // `@unchecked`: `value` is only read or written inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value; returns what `body` returns.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked where Value == Int {
    /// Adds one to the counter; returns the new value.
    @discardableResult
    package func increment() -> Int {
        withLock { count in
            count &+= 1
            return count
        }
    }
}

extension Locked {
    /// The value for `key`, built by `build` and kept on first use.
    package func value<Key: Hashable, Element>(for key: Key, build: () throws -> Element) rethrows -> Element
    where Value == [Key: Element] {
        try withLock { entries in
            if let known = entries[key] { return known }
            let built = try build()
            entries[key] = built
            return built
        }
    }
}
