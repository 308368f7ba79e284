import Foundation

/// A statement-cache key: SQL text hashed by its length and its first and last bytes only.
///
/// Record and query SQL is long and the cache is hit on every operation; hashing the whole text each time
/// showed up in profiles. Equality still compares the whole text (instantly when both sides share storage, as
/// the precomputed per-table SQL does), so a hash collision only costs a probe, never a wrong statement.
/// Equality is by UTF-8 bytes, as SQLite reads SQL: Swift's `==` takes canonically equivalent text as equal
/// (`café` precomposed and with a combining accent), which names two different tables to SQLite and would break
/// the hash's agreement with equality.
struct SQLKey: Hashable {
    let sql: String

    init(_ sql: String) {
        self.sql = sql
    }

    static func == (lhs: SQLKey, rhs: SQLKey) -> Bool {
        let equal = lhs.sql.utf8.withContiguousStorageIfAvailable { left in
            rhs.sql.utf8.withContiguousStorageIfAvailable { right in
                guard left.count == right.count, let first = left.baseAddress, let second = right.baseAddress else {
                    return left.count == right.count
                }
                return first == second || memcmp(first, second, left.count) == 0
            }
        }
        return (equal ?? nil) ?? lhs.sql.utf8.elementsEqual(rhs.sql.utf8)
    }

    func hash(into hasher: inout Hasher) {
        let utf8 = sql.utf8
        hasher.combine(utf8.count)
        let hashed = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let edge = 48
            if bytes.count <= 2 * edge {
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            } else {
                let raw = UnsafeRawBufferPointer(bytes)
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[..<edge]))
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[(raw.count - edge)...]))
            }
            return true
        }
        if hashed == nil { hasher.combine(sql) }
    }
}
