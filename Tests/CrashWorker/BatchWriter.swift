import ExampleModels
import ORMKit

/// Commits numbered batches of orders, one `write` transaction per batch, and reports each commit.
///
/// Batch `n` is `size` `Order` rows in group `"crash"` with `count` = n and `index` = 0..<size; a run starts
/// at the highest batch already in the file plus one, so runs killed one after another keep adding to it.
struct BatchWriter {
    /// The `Order.group` that marks the rows of batches (the example seed has an order of its own).
    static let group = "crash"

    let path: String
    let options: Database.Options
    /// Rows per batch.
    let size: Int
    /// How many batches to write; nil: until killed.
    let count: Int?

    /// Opens and migrates the database, then writes batches until `count` were written or the process dies.
    ///
    /// - Throws: `DatabaseError` or `MigrationError`.
    func run() throws {
        let db = try Database(path: path, options: options)
        try db.writeWithoutTransaction { conn in try conn.migrate(ExampleSchema.self) }
        let last = try db.read { conn in
            try Int.fetchOne(conn, sql: "SELECT coalesce(max(\"count\"), 0) FROM \"order\" WHERE \"group\" = ?", arguments: [Self.group])
        } ?? 0
        Report.line("ready \(last)")
        var batch = last + 1
        while count.map({ batch <= last + $0 }) ?? true {
            Report.line("begin \(batch)")
            try db.write { conn in
                for index in 0..<size {
                    var order = Order(count: batch, group: Self.group, index: index)
                    try order.insert(conn)
                }
            }
            Report.line("committed \(batch)")
            batch += 1
        }
        try db.close()
    }
}
