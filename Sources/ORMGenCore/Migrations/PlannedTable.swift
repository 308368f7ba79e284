import ORMSchema

/// A table as the planner tracks it while replaying steps over the older schema: enough to render the
/// SQL the runtime will run and to notice removed fields.
struct PlannedTable {
    struct Column {
        var definition: ColumnDefinition
        /// `Model.field`, for diagnostics; nil for join-table columns.
        var fieldName: String?
        var location: SchemaLocation?
        /// The PostgreSQL names of the column's constraints by label (`key`, `check`, `enum_check`, `fkey`), as
        /// they were created: renaming a table or column does not rename them.
        var constraintNames: [String: String]
        var name: String { definition.name }

        /// A column of `table` as created now, its constraints named after `table` and itself.
        init(definition: ColumnDefinition, fieldName: String?, location: SchemaLocation?, table: String) {
            self.definition = definition
            self.fieldName = fieldName
            self.location = location
            constraintNames = Dictionary(
                definition.postgreSQLConstraints(table: table).map { ($0.label, $0.name) }, uniquingKeysWith: { first, _ in first })
        }
    }

    var name: String
    var columns: [Column]
    var indexes: [Index]
    var foreignKeys: [ForeignKey]
    var primaryKey: [String]
    /// The model this table belonged to in the older schema, for diagnostics.
    var modelName: String?
    /// The full-text index the table has (`search:`).
    var search: SearchSchema?

    init(_ table: Table, model: Model?) {
        name = table.name
        search = table.search
        indexes = table.indexes
        foreignKeys = table.foreignKeys
        primaryKey = table.primaryKey
        modelName = table.modelName
        columns = table.columns.map { definition in
            guard let model, let column = model.columns.first(where: { $0.definition.name == definition.name }) else {
                return Column(definition: definition, fieldName: nil, location: nil, table: table.name)
            }
            let field = model.fields[column.fieldIndex]
            return Column(definition: definition, fieldName: "\(model.name).\(field.name)", location: field.location, table: table.name)
        }
    }

    func column(_ name: String) -> Column? { columns.first { $0.name.lowercased() == name.lowercased() } }

    /// Whether SQLite's `ALTER TABLE DROP COLUMN` refuses the column (key, `UNIQUE`, indexed, foreign key).
    func isConstrained(_ column: String) -> Bool {
        guard let definition = self.column(column)?.definition else { return false }
        return definition.isPrimaryKey || primaryKey.contains(definition.name) || definition.isUnique || definition.reference != nil
            || indexes.contains { $0.columns.contains(column) }
            || foreignKeys.contains { $0.columns.contains(column) }
    }
}
