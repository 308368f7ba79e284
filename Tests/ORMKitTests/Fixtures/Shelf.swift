// An embeddable, as `ormgen` renders it: its own struct, stored as `<field>_<subfield>` columns.

struct Shelf: Swift.Sendable, Swift.Hashable, Swift.Codable {
    var row: Swift.Int
    var column: Swift.Int

    init(row: Swift.Int, column: Swift.Int) {
        self.row = row
        self.column = column
    }
}
