#if canImport(Darwin)
import Foundation
#else
import Synchronization
#endif

/// An integer shared across threads and tasks that is read far more often than written (a cancellation flag read
/// before every statement, a setting's generation): an atomic where the standard library has one for every
/// supported OS, a lock elsewhere.
///
/// The standard library's `Atomic` needs macOS 15 / iOS 18 on Apple platforms, and the package supports macOS 13 /
/// iOS 16, so there it is a `Locked`; on Linux it is an `Atomic` (loads cost a plain read).
package final class AtomicInteger: Sendable {
    #if canImport(Darwin)
    private let value: Locked<Int>
    #else
    private let value: Atomic<Int>
    #endif

    /// An integer holding `initial`.
    package init(_ initial: Int) {
        #if canImport(Darwin)
        value = Locked(initial)
        #else
        value = Atomic(initial)
        #endif
    }

    /// The current value.
    package func load() -> Int {
        #if canImport(Darwin)
        value.withLock { $0 }
        #else
        value.load(ordering: .acquiring)
        #endif
    }

    /// Makes `newValue` the value.
    package func store(_ newValue: Int) {
        #if canImport(Darwin)
        value.withLock { $0 = newValue }
        #else
        value.store(newValue, ordering: .releasing)
        #endif
    }

    /// Makes `newValue` the value; returns the value before.
    package func exchange(_ newValue: Int) -> Int {
        #if canImport(Darwin)
        value.withLock { value in
            defer { value = newValue }
            return value
        }
        #else
        value.exchange(newValue, ordering: .acquiringAndReleasing)
        #endif
    }

    /// Adds `amount`; returns the new value.
    @discardableResult
    package func add(_ amount: Int) -> Int {
        #if canImport(Darwin)
        value.withLock { value in
            value &+= amount
            return value
        }
        #else
        value.add(amount, ordering: .acquiringAndReleasing).newValue
        #endif
    }
}
