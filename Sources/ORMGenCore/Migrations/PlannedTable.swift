/// A table as the planner tracks it while replaying steps over the older schema: enough to render the
/// SQL the runtime will run and to notice removed fields.
struct PlannedTable {
    struct Column {
        var definition: ColumnDefinition
        /// `Model.field`, for diagnostics; nil for join-table columns.
        var fieldName: String?
        var location: SchemaLocation?
        var name: String { definition.name }
    }

    var name: String
    var columns: [Column]
    var indexes: [Index]
    var foreignKeys: [ForeignKey]
    var primaryKey: [String]
    /// The model this table belonged to in the older schema, for diagnostics.
    var modelName: String?

    init(_ table: Table, model: Model?) {
        name = table.name
        indexes = table.indexes
        foreignKeys = table.foreignKeys
        primaryKey = table.primaryKey
        modelName = table.modelName
        columns = table.columns.map { definition in
            guard let model, let column = model.columns.first(where: { $0.definition.name == definition.name }) else {
                return Column(definition: definition, fieldName: nil, location: nil)
            }
            let field = model.fields[column.fieldIndex]
            return Column(definition: definition, fieldName: "\(model.name).\(field.name)", location: field.location)
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
