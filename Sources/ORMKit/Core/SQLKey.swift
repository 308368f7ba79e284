import Foundation

/// A statement-cache key: SQL text with a digest of its length and its first and last bytes, computed once.
///
/// Record and query SQL is long and the cache is hit on every operation; hashing the whole text each time
/// showed up in profiles. The digest reads the length and at most 48 bytes at each end, once per key: a key kept
/// with a query's shape (`Connection.renderedSQL(for:)`) is looked up again without reading its text. Equality
/// still compares the whole text (instantly when both sides share storage, as the precomputed per-table SQL does),
/// so a digest collision only costs a probe, never a wrong statement. Equality is by UTF-8 bytes, as SQLite reads
/// SQL: Swift's `==` takes canonically equivalent text as equal (`café` precomposed and with a combining accent),
/// which names two different tables to SQLite and would break the hash's agreement with equality.
@usableFromInline
struct SQLKey: Hashable {
    @usableFromInline let sql: String
    /// FNV-1a of the UTF-8 length and the bytes the key is hashed by.
    let digest: Int

    @usableFromInline
    init(_ sql: String) {
        self.sql = sql
        digest = Self.digest(of: sql)
    }

    @usableFromInline
    static func == (lhs: SQLKey, rhs: SQLKey) -> Bool {
        guard lhs.digest == rhs.digest else { return false }
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

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// The length and the first and last 48 bytes (every byte of a text of at most 96), FNV-1a.
    private static func digest(of sql: String) -> Int {
        var text = sql  // `withUTF8` needs a variable; a native string is read in place
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix(_ value: UInt64) { hash = (hash ^ value) &* 0x100_0000_01b3 }
            mix(UInt64(bytes.count))
            let edge = 48
            if bytes.count <= 2 * edge {
                for byte in bytes { mix(UInt64(byte)) }
            } else {
                for byte in bytes[..<edge] { mix(UInt64(byte)) }
                for byte in bytes[(bytes.count - edge)...] { mix(UInt64(byte)) }
            }
            return Int(truncatingIfNeeded: hash)
        }
    }
}
