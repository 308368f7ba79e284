import ExampleModels
import ORMKit

/// The batches of the batch worker as the reopened file holds them: the `Order` rows of group `crash`, batch
/// number in `count`, position in the batch in `index`.
enum StoredBatches {
    /// Every batch in `db`, by number, read with one grouped query; complete when it has exactly `size` rows,
    /// indexes 0..<size once each.
    ///
    /// - Throws: `DatabaseError`.
    static func read(_ db: Database, size: Int) throws -> [Int: StoredUnit] {
        let index = Order.Columns.index
        let groups = try Order.select(Order.Columns.count, countAll(), count(distinct: index), min(index), max(index))
            .filter(Order.Columns.group == "crash")
            .group(by: Order.Columns.count)
            .fetchAll(db)
        var batches: [Int: StoredUnit] = [:]
        for (batch, rows, distinct, lowest, highest) in groups {
            batches[batch] = StoredUnit(parts: rows, isComplete: rows == size && distinct == size && lowest == 0 && highest == size - 1)
        }
        return batches
    }
}
