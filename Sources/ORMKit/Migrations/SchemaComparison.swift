import ORMKitSQLite
import ORMSchema
import Foundation

/// Compares two live schemas: the one a fresh database gets (`expected`) and the one being checked.
enum SchemaComparison {
    static func differences(expected: LiveSchema, actual: LiveSchema) -> [SchemaDifference] {
        var result: [SchemaDifference] = []
        for (key, table) in expected.tables.sorted(by: { $0.key < $1.key }) {
            guard let live = actual.tables[key] else {
                result.append(SchemaDifference(kind: .missingTable, table: table.name))
                continue
            }
            result += differences(expected: table, actual: live)
        }
        for (key, table) in actual.tables.sorted(by: { $0.key < $1.key }) where expected.tables[key] == nil {
            result.append(SchemaDifference(kind: .extraTable, table: table.name, isTolerated: true))
        }
        for (key, table) in expected.tables.sorted(by: { $0.key < $1.key }) where actual.tables[key] != nil {
            if let difference = SchemaDifference.searchIndex(
                of: table.name, expected: expected.searchIndexes[key], actual: actual.searchIndexes[key]) {
                result.append(difference)
            }
        }
        return result
    }

    static func differences(expected: SQLiteTable, actual: SQLiteTable) -> [SchemaDifference] {
        let table = expected.name
        var result: [SchemaDifference] = []
        var extraColumns: Set<SQLName> = []
        for column in expected.columns {
            guard let live = actual.column(column.name) else {
                result.append(SchemaDifference(kind: .missingColumn, table: table, name: column.name))
                continue
            }
            if !sameType(expected: column.declaredType, actual: live.declaredType) {
                result.append(SchemaDifference(kind: .columnType, table: table, name: column.name, expected: column.declaredType, actual: live.declaredType))
            }
            if column.isNotNull != live.isNotNull && !(isRowIDAlias(column, in: expected) && isRowIDAlias(live, in: actual)) {
                // SQLite lets a key column other than an INTEGER PRIMARY KEY hold NULL unless it says NOT NULL (a
                // legacy quirk; `ormgen pull` maps such a key to a non-optional field): it matches a NOT NULL key as
                // long as no key is NULL, which `SchemaDefinition.differences(_:)` checks in the rows.
                let isNullableKey = column.isNotNull && column.primaryKeyPosition > 0 && live.primaryKeyPosition > 0
                result.append(SchemaDifference(
                    kind: .columnNullability, table: table, name: column.name,
                    expected: column.isNotNull ? "NOT NULL" : "NULL", actual: live.isNotNull ? "NOT NULL" : "NULL",
                    isTolerated: isNullableKey))
            }
            if !sameDefault(column.defaultSQL, live.defaultSQL) {
                // A default the schema does not declare never changes what ORMKit writes (it binds every column).
                result.append(SchemaDifference(
                    kind: .columnDefault, table: table, name: column.name, expected: column.defaultSQL, actual: live.defaultSQL,
                    isTolerated: column.defaultSQL == nil))
            }
        }
        for live in actual.columns where expected.column(live.name) == nil {
            extraColumns.insert(live.name.sqlName)
            let blocksInserts = live.isNotNull && live.defaultSQL == nil && live.primaryKeyPosition == 0
            result.append(SchemaDifference(kind: .extraColumn, table: table, name: live.name, isTolerated: !blocksInserts))
        }
        let expectedKey = expected.primaryKey.map { $0.sqlName }, liveKey = actual.primaryKey.map { $0.sqlName }
        if expectedKey != liveKey {
            result.append(SchemaDifference(
                kind: .primaryKey, table: table, expected: "(\(expected.primaryKey.joined(separator: ", ")))",
                actual: "(\(actual.primaryKey.joined(separator: ", ")))"))
        }
        result += indexDifferences(expected: expected, actual: actual, extraColumns: extraColumns)
        result += foreignKeyDifferences(expected: expected, actual: actual)
        return result
    }

    /// Declared types compare as written (case and spacing aside) when the schema gives one of its own
    /// (`sqlType: NVARCHAR(160)`), and by affinity when it uses a storage's default type (`INTEGER` and `INT`
    /// are the same column to SQLite).
    static func sameType(expected: String, actual: String) -> Bool {
        let normalize = { (type: String) in type.uppercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        if normalize(expected) == normalize(actual) { return true }
        guard ["INTEGER", "REAL", "TEXT", "BLOB", ""].contains(normalize(expected)) else { return false }
        return SQLiteAffinity(declaredType: expected) == SQLiteAffinity(declaredType: actual)
    }

    /// Defaults compare as written, except for what SQLite reads as the same constant: `TRUE`/`FALSE` and
    /// `1`/`0`, numbers of equal value (`1.2500` and `1.25`), and redundant outer parentheses.
    static func sameDefault(_ expected: String?, _ actual: String?) -> Bool {
        guard let expected, let actual else { return expected == actual }
        func normalized(_ text: String) -> String {
            var text = text.trimmingCharacters(in: .whitespaces)
            while text.hasPrefix("("), text.hasSuffix(")"), !text.dropFirst().contains("(") { text = String(text.dropFirst().dropLast()) }
            let constant = ["TRUE": "1", "FALSE": "0"][text.uppercased()] ?? text
            return Double(constant).map { "\($0)" } ?? constant
        }
        return normalized(expected) == normalized(actual)
    }

    /// A table's only key column declared `INTEGER`: SQLite's rowid, never NULL whether or not it says
    /// `NOT NULL` (`INTEGER PRIMARY KEY` and `INTEGER NOT NULL` with a table-level `PRIMARY KEY` are the same).
    private static func isRowIDAlias(_ column: SQLiteTable.Column, in table: SQLiteTable) -> Bool {
        column.primaryKeyPosition == 1 && table.primaryKey.count == 1 && column.declaredType.uppercased() == "INTEGER"
    }

    /// Named indexes (`CREATE INDEX`) by name; `UNIQUE` constraints by their column lists.
    private static func indexDifferences(expected: SQLiteTable, actual: SQLiteTable, extraColumns: Set<SQLName>) -> [SchemaDifference] {
        let table = expected.name
        var result: [SchemaDifference] = []
        let expectedNamed = expected.indexes.filter { $0.origin == .createIndex }, liveNamed = actual.indexes.filter { $0.origin == .createIndex }
        var liveUnique = actual.indexes.filter { $0.origin == .uniqueConstraint }
        for index in expectedNamed {
            guard let live = liveNamed.first(where: { $0.name.sqlName == index.name.sqlName }) else {
                // A unique index and a UNIQUE constraint on the same columns are the same to SQLite.
                // (Not a partial one: it holds for some rows only.)
                if index.isUnique, !index.isPartial, let found = liveUnique.firstIndex(where: { $0.columnKeys == index.columnKeys }) {
                    liveUnique.remove(at: found)
                    continue
                }
                result.append(SchemaDifference(kind: .missingIndex, table: table, name: index.name))
                continue
            }
            if index.columnKeys != live.columnKeys || index.isUnique != live.isUnique
                || index.isPartial != live.isPartial {
                result.append(SchemaDifference(kind: .indexDefinition, table: table, name: index.name, expected: shape(index), actual: shape(live)))
            }
        }
        for live in liveNamed where !expectedNamed.contains(where: { $0.name.sqlName == live.name.sqlName }) {
            result.append(SchemaDifference(kind: .extraIndex, table: table, name: live.name, isTolerated: true))
        }
        for constraint in expected.indexes where constraint.origin == .uniqueConstraint {
            let key = constraint.columnKeys
            if let found = liveUnique.firstIndex(where: { $0.columnKeys == key }) {
                liveUnique.remove(at: found)
            } else if liveNamed.contains(where: { $0.isUnique && !$0.isPartial && $0.columnKeys == key }) {
                continue
            } else {
                result.append(SchemaDifference(kind: .missingUniqueConstraint, table: table, name: constraint.columnList))
            }
        }
        for constraint in liveUnique {
            result.append(SchemaDifference(
                kind: .extraUniqueConstraint, table: table, name: constraint.columnList,
                isTolerated: constraint.columnKeys.allSatisfy { $0.map(extraColumns.contains) ?? false }))
        }
        return result
    }

    private static func foreignKeyDifferences(expected: SQLiteTable, actual: SQLiteTable) -> [SchemaDifference] {
        var result: [SchemaDifference] = []
        var live = actual.foreignKeys
        for key in expected.foreignKeys {
            if let found = live.firstIndex(where: { $0.matches(key) }) {
                live.remove(at: found)
            } else {
                result.append(SchemaDifference(kind: .missingForeignKey, table: expected.name, name: key.description))
            }
        }
        // A key the schema does not declare (one `ormgen pull` could not write as a relation: composite, to a column
        // other than the target's key, to a table without a model) only refuses writes that break it, with the
        // engine's constraint error, and a table rebuild keeps it (`TableRebuild`): tolerated.
        // (A key on the columns of a declared one is that key, changed: not tolerated.)
        let declaredColumns = Set(expected.foreignKeys.map { $0.columns.map(\.sqlName) })
        for key in live {
            result.append(SchemaDifference(
                kind: .extraForeignKey, table: expected.name, name: key.description,
                isTolerated: !declaredColumns.contains(key.columns.map(\.sqlName))))
        }
        return result
    }

    private static func shape(_ index: LiveIndex) -> String {
        (index.isUnique ? "UNIQUE " : "") + "(" + index.columnList + ")" + (index.isPartial ? " WHERE …" : "")
    }
}
