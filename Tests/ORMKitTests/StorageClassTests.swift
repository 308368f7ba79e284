import Foundation
import ORMKit
import Testing

/// Every built-in value type read from every storage class: the right ones decode, NULL into a non-optional
/// and every other class throw. Covers the edges a read-the-value-first check would get wrong (a REAL or a
/// numeric TEXT in an INTEGER read, an empty TEXT or BLOB).
@Suite("Storage classes")
struct StorageClassTests {
    /// One literal of each storage class.
    private static let literals = ["NULL", "42", "3.5", "'12'", "''", "X'0102'", "X''"]

    /// The literals `decode` reads without throwing (the others must throw a decoding error).
    private func accepted<V: ColumnValue>(_ type: V.Type) async throws -> [String] {
        let db = try Database.inMemory()
        var accepted: [String] = []
        for literal in Self.literals {
            do {
                _ = try await V.fetchOne(db, sql: "SELECT \(literal) AS value")
                accepted.append(literal)
            } catch let error as DatabaseError {
                #expect(error.kind == .decoding, "\(V.self) from \(literal)")
                #expect(error.column == "value")
            }
        }
        return accepted
    }

    @Test func integersAcceptOnlyInteger() async throws {
        #expect(try await accepted(Int64.self) == ["42"])
        #expect(try await accepted(Int.self) == ["42"])
        #expect(try await accepted(Int32.self) == ["42"])
        #expect(try await accepted(Bool.self) == ["42"])
    }

    @Test func realsAcceptRealAndInteger() async throws {
        #expect(try await accepted(Double.self) == ["42", "3.5"])
        #expect(try await accepted(Float.self) == ["42", "3.5"])
        #expect(try await accepted(Date.self) == ["42", "3.5"])
    }

    @Test func textAndBlobAcceptOnlyTheirClass() async throws {
        #expect(try await accepted(String.self) == ["'12'", "''"])
        #expect(try await accepted(Data.self) == ["X'0102'", "X''"])
    }

    @Test func optionalsAcceptNullToo() async throws {
        #expect(try await accepted(Int64?.self) == ["NULL", "42"])
        #expect(try await accepted(String?.self) == ["NULL", "'12'", "''"])
        #expect(try await accepted(Data?.self) == ["NULL", "X'0102'", "X''"])
    }

    @Test func valuesReadExactly() async throws {
        let db = try Database.inMemory()
        #expect(try await Int64.fetchOne(db, sql: "SELECT -9223372036854775808") == Int64.min)
        #expect(try await Double.fetchOne(db, sql: "SELECT 42") == 42)
        #expect(try await Double.fetchOne(db, sql: "SELECT 0.0") == 0)
        #expect(try await Bool.fetchOne(db, sql: "SELECT 0") == false)
        #expect(try await String.fetchOne(db, sql: "SELECT ''") == "")
        #expect(try await String.fetchOne(db, sql: "SELECT 'a' || char(0) || 'b'") == "a\u{0}b")
        #expect(try await Data.fetchOne(db, sql: "SELECT X''") == Data())
        #expect(try await Data.fetchOne(db, sql: "SELECT X'0102'") == Data([1, 2]))
        #expect(try await DatabaseValue.fetchOne(db, sql: "SELECT 3.5") == .real(3.5))
        #expect(try await DatabaseValue.fetchOne(db, sql: "SELECT X'01'") == .blob(Data([1])))
        #expect(try await String?.fetchOne(db, sql: "SELECT NULL") == .some(nil))
    }
}
