import ORMKitSQLite

/// A table that is only the link of a many-to-many relation: written as `manyToMany` on the owner, not as a model.
struct JoinTable {
    var table: LiveTable
    /// The foreign key of the first column, to the model that gets the relation.
    var ownerKey: LiveForeignKey
    /// The foreign key of the second column, to the related model.
    var targetKey: LiveForeignKey
}

/// Finds pure join tables: exactly two NOT NULL columns, each a single-column foreign key to the single-column
/// primary key of a different keyed table, and a composite primary key on the two.
enum JoinTableDetector {
    /// The join table `table` is, or nil; `keyedTables` are the tables with a primary key, by lowercased name.
    static func joinTable(_ table: LiveTable, keyedTables: [String: LiveTable]) -> JoinTable? {
        guard table.columns.count == 2, table.columns.allSatisfy(\.isNotNull), table.primaryKey.count == 2,
            table.foreignKeys.count == 2, table.foreignKeys.allSatisfy({ $0.columns.count == 1 })
        else { return nil }
        let keys = table.columns.map { column in
            table.foreignKeys.first { $0.columns[0].lowercased() == column.name.lowercased() }
        }
        guard let ownerKey = keys[0], let targetKey = keys[1],
            ownerKey.targetTable.lowercased() != targetKey.targetTable.lowercased(),
            referencesSingleKey(ownerKey, keyedTables), referencesSingleKey(targetKey, keyedTables)
        else { return nil }
        return JoinTable(table: table, ownerKey: ownerKey, targetKey: targetKey)
    }

    /// Whether `key` references the single-column primary key of a keyed table.
    private static func referencesSingleKey(_ key: LiveForeignKey, _ keyedTables: [String: LiveTable]) -> Bool {
        guard let target = keyedTables[key.targetTable.lowercased()], target.primaryKey.count == 1 else { return false }
        return key.targetColumns[0].map { $0.lowercased() == target.primaryKey[0].name.lowercased() } ?? true
    }
}
