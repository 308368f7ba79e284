import ExampleModels
import ORMKit

/// `ExampleSchema` (version 3) plus a version 4 that the fault workload migrates to: a new table (an additive
/// change), an SQL step, a table rebuild, a new index and a hook that updates rows through the generated models.
enum LibraryV4: DatabaseSchema {
    static let version = 4

    static let shelfNotes = TableSchema(
        name: "shelf_notes",
        columns: [
            ColumnSchema(name: "id", type: "INTEGER", kind: .integer, isNullable: false),
            ColumnSchema(name: "room", type: "TEXT", kind: .text, isNullable: false),
            ColumnSchema(name: "note", type: "TEXT", kind: .text, isNullable: true),
        ],
        primaryKey: ["id"],
        isAutoIncrement: true
    )

    static let tables = ExampleSchema.tables + [shelfNotes]

    static let migrations = ExampleSchema.migrations + [
        Migration(version: 4, steps: [
            .sql("UPDATE books SET copies = copies + 1"),
            .alterColumn(table: "series", column: "title"),
            .addIndex(
                table: "books",
                index: IndexSchema(
                    name: "books_pages", columns: ["pages"], isUnique: false)),
            .hook("rateAuthors"),
        ]),
    ]

    static let seed = ExampleSchema.seed

    /// The hook of version 4: every author's rating goes up by one, at most 5.
    static let hooks: [String: MigrationHook] = [
        "rateAuthors": { db in
            for var author in try await Author.fetchAll(db) {
                author.rating = min(5, author.rating + 1)
                try await author.update(db)
            }
        },
    ]
}
