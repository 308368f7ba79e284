// How a SQLite table is described by the table pragmas (https://www.sqlite.org/pragma.html#pragfunc), read once
// for the runtime's migrations (on a connection) and for `ormgen pull` (on a read-only file).
#if SQLCipher
import ORMKitCSQLCipher
#else
import ORMKitCSQLite
#endif

/// A value read from SQLite, by storage class (what `typeof()` reports).
package enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// TEXT whose bytes are not UTF-8 (another program wrote them), kept as they are.
    case invalidText([UInt8])
    case blob([UInt8])

    /// The value of column `index` of `statement`'s current row.
    package init(_ statement: OpaquePointer, column index: Int32) {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            self = .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            // sqlite3_column_text before sqlite3_column_bytes, as https://www.sqlite.org/c3ref/column_blob.html advises.
            guard let pointer = sqlite3_column_text(statement, index) else { self = .text(""); return }
            let bytes = UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index)))
            self = String(validating: bytes, as: UTF8.self).map { .text($0) } ?? .invalidText(Array(bytes))
        case SQLITE_BLOB:
            guard let pointer = sqlite3_column_blob(statement, index) else { self = .blob([]); return }
            self = .blob(Array(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index)))))
        default:
            self = .null
        }
    }

    /// The text of a TEXT value, nil for every other storage class.
    package var text: String? {
        if case .text(let text) = self { text } else { nil }
    }

    /// The text of TEXT that is not UTF-8, its invalid bytes as U+FFFD, then its bytes in hexadecimal:
    /// `caf\u{FFFD} (bytes 63 61 66 e9)`; nil for every other value.
    package var invalidText: (lossy: String, bytes: String)? {
        guard case .invalidText(let bytes) = self else { return nil }
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
        return (String(decoding: bytes, as: UTF8.self), "bytes " + hex)
    }

    /// The text of a TEXT value, valid or not (invalid bytes as U+FFFD); nil for every other storage class.
    package var lossyText: String? {
        text ?? invalidText?.lossy
    }

    /// The integer of an INTEGER value, nil for every other storage class.
    package var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }
}

/// Runs the catalog's queries: a connection of the runtime, or `ormgen pull`'s read-only file.
package protocol SQLiteCatalogReader {
    /// Every row of `sql`, its `?` parameters bound to `arguments` as text, each row's values in column order.
    func catalogRows(_ sql: String, _ arguments: [String]) throws -> [[SQLiteValue]]
}

/// A table as the pragmas describe it: `table_xinfo`, `index_list`, `index_xinfo` and `foreign_key_list`.
package struct SQLiteTable: Hashable, Sendable {
    /// A column (one row of `PRAGMA table_xinfo`).
    package struct Column: Hashable, Sendable {
        /// The exact name (invalid UTF-8 as U+FFFD; `invalidName` then says so).
        package var name: String
        /// The name's bytes in hexadecimal (`bytes 63 61 66 e9`) when they are not UTF-8, else nil.
        package var invalidName: String?
        /// The declared type as written (`NVARCHAR(120)`), empty when the column has none.
        package var declaredType: String
        package var isNotNull: Bool
        /// The `DEFAULT` expression as SQL text, nil when there is none.
        package var defaultSQL: String?
        /// 1-based position in the primary key, 0 when the column is not part of it.
        package var primaryKeyPosition: Int
        /// A generated column (`hidden` 2 or 3), which neither a rebuild nor a schema declares.
        package var isGenerated: Bool
    }

    /// The exact table name.
    package var name: String
    /// The columns in declaration order, generated ones included.
    package var columns: [Column]
    /// Every index of the table, sorted by name.
    package var indexes: [LiveIndex]
    /// Every foreign key, in the order SQLite numbers them.
    package var foreignKeys: [LiveForeignKey]

    /// The table `name`, nil when it has no columns (it does not exist).
    package init?(named name: String, in reader: some SQLiteCatalogReader) throws {
        let columns = try reader.catalogRows(
            "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid", [name]
        ).compactMap { row -> Column? in
            guard row.count == 6, let columnName = row[0].lossyText else { return nil }
            return Column(
                name: columnName, invalidName: row[0].invalidText?.bytes, declaredType: row[1].lossyText ?? "",
                isNotNull: row[2].integer == 1, defaultSQL: row[3].lossyText, primaryKeyPosition: Int(row[4].integer ?? 0),
                isGenerated: (row[5].integer ?? 0) != 0)
        }
        guard !columns.isEmpty else { return nil }
        self.name = name
        self.columns = columns
        self.indexes = try Self.indexes(of: name, in: reader)
        self.foreignKeys = try Self.foreignKeys(of: name, in: reader)
    }

    /// Every index with its key columns (`pragma_index_xinfo`, key columns only), by name; one whose name is not
    /// UTF-8 is left out (no statement could name it).
    private static func indexes(of table: String, in reader: some SQLiteCatalogReader) throws -> [LiveIndex] {
        let list = try reader.catalogRows("SELECT name, \"unique\", origin, partial FROM pragma_index_list(?) ORDER BY name", [table])
        return try list.compactMap { row in
            guard row.count == 4, let name = row[0].text else { return nil }
            let keys = try reader.catalogRows("SELECT name, \"desc\" FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", [name])
            let origin: LiveIndex.Origin = switch row[2].text {
            case "pk": .primaryKey
            case "u": .uniqueConstraint
            default: .createIndex
            }
            return LiveIndex(
                name: name, isUnique: row[1].integer == 1, origin: origin, isPartial: row[3].integer == 1,
                columns: keys.map { $0.first?.lossyText }, hasDescendingColumn: keys.contains { $0.count == 2 && $0[1].integer == 1 })
        }
    }

    /// The foreign keys, in `id` order, each with its columns in key order.
    private static func foreignKeys(of table: String, in reader: some SQLiteCatalogReader) throws -> [LiveForeignKey] {
        let rows = try reader.catalogRows(
            "SELECT id, \"table\", \"from\", \"to\", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq", [table])
        var keys: [(id: Int64, key: LiveForeignKey)] = []
        for row in rows {
            guard row.count == 6, let id = row[0].integer, let target = row[1].lossyText, let column = row[2].lossyText else { continue }
            if let last = keys.indices.last, keys[last].id == id {
                keys[last].key.columns.append(column)
                keys[last].key.targetColumns.append(row[3].lossyText)
            } else {
                keys.append((id, LiveForeignKey(
                    targetTable: target, columns: [column], targetColumns: [row[3].lossyText],
                    onDelete: row[5].text ?? "NO ACTION", onUpdate: row[4].text ?? "NO ACTION")))
            }
        }
        return keys.map(\.key)
    }
}

/// An index of a live table, on either engine.
package struct LiveIndex: Hashable, Sendable {
    /// Where an index comes from (`origin` of `PRAGMA index_list`).
    package enum Origin: Hashable, Sendable {
        /// `CREATE INDEX`.
        case createIndex
        /// A `UNIQUE` constraint.
        case uniqueConstraint
        /// A `PRIMARY KEY` constraint.
        case primaryKey
    }

    /// The exact index name.
    package var name: String
    package var isUnique: Bool
    package var origin: Origin
    /// Whether the index has a `WHERE` clause (a soft-deleted model's live-rows-only unique index).
    package var isPartial: Bool
    /// The key columns in order; nil for an expression (or rowid) column.
    package var columns: [String?]
    /// Whether some key column is sorted `DESC`.
    package var hasDescendingColumn: Bool

    package init(name: String, isUnique: Bool, origin: Origin, isPartial: Bool, columns: [String?], hasDescendingColumn: Bool) {
        self.name = name
        self.isUnique = isUnique
        self.origin = origin
        self.isPartial = isPartial
        self.columns = columns
        self.hasDescendingColumn = hasDescendingColumn
    }
}

/// A foreign key of a live table, on either engine (one `id` of `PRAGMA foreign_key_list`).
package struct LiveForeignKey: Hashable, Sendable {
    /// The referenced table, as written in the constraint.
    package var targetTable: String
    /// The referencing columns of this table.
    package var columns: [String]
    /// The referenced columns; nil entries when the constraint names none (the target's primary key).
    package var targetColumns: [String?]
    /// `ON DELETE` action as the engine reports it (`NO ACTION`, `CASCADE`, `SET NULL`, `SET DEFAULT`, `RESTRICT`).
    package var onDelete: String
    /// `ON UPDATE` action, in the same form.
    package var onUpdate: String

    package init(targetTable: String, columns: [String], targetColumns: [String?], onDelete: String, onUpdate: String) {
        self.targetTable = targetTable
        self.columns = columns
        self.targetColumns = targetColumns
        self.onDelete = onDelete
        self.onUpdate = onUpdate
    }
}
