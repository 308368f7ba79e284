import ExampleModels
import Foundation
import ORMKit
import Testing
import TestSupport

/// `insert`, `save` and `upsert` are `mutating` only for auto-increment keys.
@Suite struct KeyedRecordTypingTests {
    @Test func aRecordWithItsOwnKeyIsWrittenFromALet() throws {
        let valid = """
            func write(_ db: Connection) throws {
                let receipt = Receipt(code: UUID(), issuedOn: Date())
                try receipt.insert(db)
                try receipt.save(db)
                try receipt.upsert(db)
                var author = Author(name: "Ann", email: "a")
                try author.insert(db)
            }
            """
        let result = try SwiftTypeCheck.run(valid, importing: ["ORMKit", "ExampleModels"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func anAutoIncrementRecordNeedsAVar() throws {
        let misuse = "func write(_ db: Connection) throws { let author = Author(name: \"Ann\", email: \"a\"); try author.insert(db) }"
        let result = try SwiftTypeCheck.run(misuse, importing: ["ORMKit", "ExampleModels"])
        #expect(result.status != 0)
        #expect(result.output.contains("cannot use mutating member on immutable value"), "\(result.output)")
    }

    @Test func aLetRecordIsInserted() async throws {
        let example = try ExampleDatabase()
        let receipt = Receipt(code: UUID(), issuedOn: Date(timeIntervalSince1970: 0))
        try await receipt.insert(example.db)
        try await receipt.save(example.db)
        #expect(try await Receipt.find(example.db, receipt.code)?.code == receipt.code)
    }
}
