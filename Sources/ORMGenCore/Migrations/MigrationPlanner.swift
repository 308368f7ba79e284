import ORMSchema

import Foundation

/// What `ormgen diff` prints: the SQL a migration from an older schema to a newer one runs, for review,
/// and the diagnostics found on the way (removed fields, required fields without a default).
public struct MigrationPlan: Sendable {
    /// The plan: SQL statements ending in `;`, with `--` comments for steps that are not SQL (hooks) and
    /// for table rebuilds. Empty when `hasErrors`.
    public let sql: String
    /// Errors of either schema, and warnings about the migration, sorted.
    public let diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Compares two versions of a schema the way the runtime's `migrate` applies them: the explicit steps of
/// each version after the older one's, then the additive changes (new tables, columns, indexes).
public enum MigrationPlanner {
    /// Plans the migration from `old` to `new` in `dialect`. Never throws; problems are diagnostics.
    ///
    /// SQLite rebuilds a table where its `ALTER TABLE` cannot change it; PostgreSQL alters it in place
    /// (`ALTER COLUMN … TYPE … USING`, `SET`/`DROP NOT NULL`, `SET`/`DROP DEFAULT`, constraints), and there what it
    /// cannot take in the newer schema (a name over 63 bytes) is an error.
    public static func plan(from old: [SchemaInput], to new: [SchemaInput], dialect: SQLDialect = .sqlite) -> MigrationPlan {
        let (oldSchema, oldDiagnostics) = Generator.resolve(old)
        let (newSchema, newDiagnostics) = Generator.resolve(new)
        var diagnostics = DiagnosticBag()
        diagnostics.append(contentsOf: oldDiagnostics.filter { $0.severity == .error })
        diagnostics.append(contentsOf: newDiagnostics)
        guard let oldSchema, let newSchema else { return MigrationPlan(sql: "", diagnostics: diagnostics.sorted) }
        diagnostics.append(contentsOf: Generator.dialectDiagnostics(of: newSchema, for: dialect))
        var planner = Planner(old: oldSchema, new: newSchema, oldModels: modelLocations(old), dialect: dialect)
        let sql = planner.run()
        diagnostics.append(contentsOf: planner.diagnostics.all)
        return MigrationPlan(sql: diagnostics.hasErrors ? "" : sql, diagnostics: diagnostics.sorted)
    }

    /// What `ormgen check --previous` reports: `new`'s own diagnostics (as `check` reports them) plus the
    /// migration warnings.
    public static func check(_ new: [SchemaInput], previous old: [SchemaInput]) -> [Diagnostic] {
        let plan = plan(from: old, to: new)
        guard let newSchema = Generator.resolve(new).0 else { return plan.diagnostics }
        var diagnostics = DiagnosticBag()
        diagnostics.append(contentsOf: plan.diagnostics + Generator.dialectDiagnostics(of: newSchema, for: nil))
        return diagnostics.sorted
    }

    private static func modelLocations(_ inputs: [SchemaInput]) -> [String: SchemaLocation] {
        var locations: [String: SchemaLocation] = [:]
        for model in SchemaLoader.load(inputs).0.models { locations[model.name.value] = model.name.location }
        return locations
    }
}

/// Replays the older schema through the steps and the additive changes, writing SQL as it goes. What an engine
/// writes differently is its `PlanningDialect` (`Planner+SQLite.swift`, `Planner+PostgreSQL.swift`): the planner
/// never asks which engine it plans for.
struct Planner {
    let old: Schema
    let new: Schema
    let oldModels: [String: SchemaLocation]
    let planning: any PlanningDialect
    var tables: [PlannedTable]
    var lines: [String] = []
    var diagnostics = DiagnosticBag()
    /// PostgreSQL: foreign keys of new tables and columns whose target table does not exist yet (a later step
    /// renames it into place, or a cycle), added once it does.
    var deferredForeignKeys: [(table: String, column: ColumnDefinition)] = []

    init(old: Schema, new: Schema, oldModels: [String: SchemaLocation], dialect: SQLDialect) {
        self.old = old
        self.new = new
        self.oldModels = oldModels
        planning = dialect.planning
        tables = old.tables.map { table in PlannedTable(table, model: old.models.first { $0.name == table.modelName }) }
    }

    mutating func run() -> String {
        guard old.version <= new.version else {
            let location = SchemaLocation(path: new.sourcePaths.first ?? "", line: 1, column: 1)
            diagnostics.error(
                "the older schema is at version \(old.version), above the newer schema's version \(new.version); swap the arguments", at: location)
            return ""
        }
        lines += planning.header(from: old.version, to: new.version)
        let pending = new.migrations.filter { $0.version > old.version && $0.version <= new.version }
        for (offset, migration) in pending.enumerated() {
            additiveSection("version \(migration.version): additive changes first", skipping: PendingSteps(pending[offset...]))
            lines.append("")
            lines.append("-- version \(migration.version): steps")
            for step in migration.steps { apply(step) }
        }
        additiveSection(pending.isEmpty ? "additive changes" : "remaining additive changes", skipping: PendingSteps([]), isLast: true)
        warnAboutRemovals()
        planning.finish(&self, lastVersion: pending.last?.version)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Steps

    private mutating func apply(_ step: MigrationStep) {
        switch step {
        case let .renameColumn(table, from, to):
            lines.append("ALTER TABLE \(Naming.sql(table)) RENAME COLUMN \(Naming.sql(from)) TO \(Naming.sql(to));")
            if let index = tableIndex(table), let column = tables[index].columns.firstIndex(where: { $0.name == from }) {
                tables[index].columns[column].definition.name = to
                for (position, existing) in tables[index].indexes.enumerated() {
                    tables[index].indexes[position].columns = existing.columns.map { $0 == from ? to : $0 }
                }
            }
        case let .renameTable(from, to):
            lines.append("ALTER TABLE \(Naming.sql(from)) RENAME TO \(Naming.sql(to));")
            if let index = tableIndex(from) { tables[index].name = to }
        case let .dropColumn(table, column):
            guard let index = tableIndex(table), tables[index].column(column) != nil else {
                lines.append("-- dropColumn \(table).\(column): no such column in the older schema; nothing to do")
                return
            }
            planning.dropColumn(&self, table: index, column: column)
        case let .alterColumn(table, column):
            planning.alterColumn(&self, table: table, column: column)
        case let .addIndex(index):
            lines.append(planning.ddl.createIndex(index.schema, on: index.table) + ";")
            if let position = tableIndex(index.table) { tables[position].indexes.append(index) }
        case let .dropIndex(name):
            lines.append("DROP INDEX IF EXISTS \(Naming.sql(name));")
            for position in tables.indices { tables[position].indexes.removeAll { $0.name == name } }
        case let .sql(sql):
            lines.append(sql.hasSuffix(";") ? sql : sql + ";")
        case let .hook(name):
            lines.append("-- hook \(name): the Swift closure registered as \"\(name)\" in migrate(_:hooks:)")
        }
    }

    /// SQLite's 12-step rebuild of `name` to its definition in the newer schema; columns the newer schema
    /// lacks (except `dropping`) are kept, as the runtime does.
    mutating func rebuild(_ name: String, dropping: String?) {
        guard let position = tableIndex(name), let target = new.tables.first(where: { $0.name == name }) else {
            lines.append("-- (table \(name) is not in both schemas; the runtime reports this step as invalid)")
            return
        }
        let current = tables[position]
        let declared = Set(target.columns.map(\.name))
        let kept = current.columns.filter { !declared.contains($0.name) && $0.name != dropping }
        let temporary = "ormkit_rebuild_" + name
        var definition = target.definition
        definition.name = temporary
        let create = "CREATE TABLE " + SQLiteDDL().createTable(definition, extraColumns: kept.map { keptDefinition($0.definition) })
            .dropFirst("CREATE TABLE IF NOT EXISTS ".count)
        let keptNames = Set(kept.map(\.name))
        let common = current.columns.map(\.name).filter { declared.contains($0) || keptNames.contains($0) }
            .map(Naming.sql).joined(separator: ", ")
        lines.append(create + ";")
        lines.append("INSERT INTO \(Naming.sql(temporary)) (\(common)) SELECT \(common) FROM \(Naming.sql(name));")
        lines.append("DROP TABLE \(Naming.sql(name));")
        lines.append("ALTER TABLE \(Naming.sql(temporary)) RENAME TO \(Naming.sql(name));")
        let newColumns = declared.union(keptNames)
        let keptIndexes = current.indexes.filter { $0.columns.allSatisfy(newColumns.contains) }
        for index in keptIndexes { lines.append(planning.ddl.createIndex(index.schema, on: index.table) + ";") }
        var rebuilt = PlannedTable(target, model: new.models.first { $0.name == target.modelName })
        rebuilt.columns += kept
        rebuilt.indexes = keptIndexes
        rebuilt.modelName = current.modelName
        rebuilt.search = current.search
        if let search = current.search, search == target.search {
            // Dropping the table dropped the index's triggers; the copy may have given rows other rowids. (An index
            // that changes is dropped and created by the last additive section.)
            var definition = target.definition
            definition.search = search
            lines += planning.ddl.fullText.createStatements(for: definition, search: search).map { $0 + ";" }
        }
        tables[position] = rebuilt
    }

    /// What the runtime keeps of a column the schema no longer declares: type, nullability, default.
    private func keptDefinition(_ column: ColumnDefinition) -> String {
        var parts = [Naming.sql(column.name)]
        if !column.sqlType.isEmpty { parts.append(column.sqlType) }
        if !column.isNullable { parts.append("NOT NULL") }
        if let defaultSQL = SQLiteDDL().defaultSQL(of: column.schema) { parts.append("DEFAULT \(defaultSQL)") }
        return parts.joined(separator: " ")
    }

    // MARK: Additive changes

    private mutating func additiveSection(_ title: String, skipping pending: PendingSteps, isLast: Bool = false) {
        lines.append("")
        lines.append("-- \(title)")
        let before = lines.count
        for table in new.tables where !pending.renamedTables.contains(table.name) {
            addMissing(table, skipping: pending)
            // The full-text index follows the last version's columns, as the runtime's final pass does.
            if isLast { migrateSearch(of: table) }
            planning.finishTable(&self, table, isLast: isLast)
        }
        planning.finishSection(&self)
        if lines.count == before { lines.append("-- (none)") }
    }

    private mutating func addMissing(_ table: Table, skipping pending: PendingSteps) {
        let model = new.models.first { $0.name == table.modelName }
        guard let position = tableIndex(table.name) else {
            planning.createTable(&self, table)
            var created = PlannedTable(table, model: model)
            created.indexes = table.indexes.filter { !pending.addedIndexes.contains($0.name) }
            for index in created.indexes { lines.append(planning.ddl.createIndex(index.schema, on: index.table) + ";") }
            created.search = nil
            tables.append(created)
            return
        }
        let missing = table.columns.filter {
            tables[position].column($0.name) == nil && !pending.renamedColumns.contains(table.name + "." + $0.name)
        }
        for column in missing where !column.isNullable && column.defaultValue == nil {
            if let model, let field = model.columns.first(where: { $0.definition.name == column.name }).map({ model.fields[$0.fieldIndex] }) {
                diagnostics.warning(
                    "new field '\(model.name).\(field.name)' is required and has no default; migrating a table that has rows fails — "
                        + "give it a default or make it optional", at: field.location)
            }
        }
        let direct = planning.addable(missing, in: table)
        if direct.count < missing.count, pending.isEmpty || !pending.reshapedTables.contains(table.name) {
            lines.append("-- new columns of \(table.name) that ALTER TABLE ADD COLUMN cannot add (key, UNIQUE, expression default, NOT NULL without default): rebuild")
            rebuild(table.name, dropping: nil)
        } else {
            for column in direct {
                planning.addColumn(&self, column, to: table, at: position)
                tables[position].columns.append(PlannedTable.Column(definition: column, fieldName: nil, location: nil, table: tables[position].name))
            }
        }
        if pending.isEmpty { dropUniquesHeldForLiveRows(of: table, at: position) }
        for index in table.indexes
        where !tables[position].indexes.contains(where: { $0.name == index.name }) && !pending.addedIndexes.contains(index.name) {
            // Before the last version, an index waits for columns that later steps create.
            guard pending.isEmpty || index.columns.allSatisfy({ tables[position].column($0) != nil }) else { continue }
            lines.append(planning.ddl.createIndex(index.schema, on: index.table) + ";")
            tables[position].indexes.append(index)
        }
    }

    /// What `migrate` does for a model given `softDelete:`: the `UNIQUE` constraints of columns now unique among live
    /// rows only go (the engine's way), and a unique index that now covers other rows is dropped to be created again.
    private mutating func dropUniquesHeldForLiveRows(of table: Table, at position: Int) {
        let liveOnly = table.indexes.filter { $0.schema.isUniqueAmongLiveRows && $0.columns.count == 1 }.map { $0.columns[0] }
        let constrained = tables[position].columns.filter { $0.definition.isUnique && liveOnly.contains($0.name) }.map(\.name)
        if !constrained.isEmpty { planning.dropUniqueConstraints(&self, of: constrained, in: table, at: tableIndex(table.name) ?? position) }
        guard let position = tableIndex(table.name) else { return }
        for index in table.indexes {
            guard let current = tables[position].indexes.firstIndex(where: { $0.name == index.name }),
                tables[position].indexes[current].onlyWhereNull != index.onlyWhereNull
            else { continue }
            lines.append("DROP INDEX IF EXISTS \(Naming.sql(index.name));")
            tables[position].indexes.remove(at: current)
        }
    }

    /// The statements that bring the table's full-text index from the planned one to `search:` (none when equal).
    private mutating func migrateSearch(of table: Table) {
        guard let position = tableIndex(table.name), tables[position].search != table.search else { return }
        let syntax = planning.ddl.fullText
        let live = tables[position].search.map { syntax.signature(for: table.definition, search: $0) }
        lines += syntax.migrationStatements(for: table.definition, live: live).map { $0 + ";" }
        tables[position].search = table.search
    }

    // MARK: Removals

    private mutating func warnAboutRemovals() {
        for table in tables {
            guard let target = new.tables.first(where: { $0.name == table.name }) else {
                if let model = table.modelName, let location = oldModels[model] {
                    diagnostics.warning(
                        "model '\(model)' was removed without a renameModel or renameTable step; its table '\(table.name)' stays in the database",
                        at: location)
                }
                continue
            }
            for column in table.columns where !target.columns.contains(where: { $0.name == column.name }) {
                guard let field = column.fieldName, let location = column.location else { continue }
                diagnostics.warning(
                    "field '\(field)' was removed without a dropColumn step; its column stays in the database", at: location)
            }
        }
    }

    /// A field whose storage differs between the schemas keeps its stored values as they are: say so, with the
    /// `sql` step that converts them where one is known.
    mutating func warnAboutStorageChanges(lastVersion: Int?) {
        for model in new.models {
            guard let table = tables.first(where: { $0.name.lowercased() == model.table.name.lowercased() }) else { continue }
            for column in model.columns {
                guard let to = column.definition.storage, let from = table.column(column.name)?.definition.storage, from != to else { continue }
                let field = model.fields[column.fieldIndex]
                let update = StorageConversion.sql(from: from, to: to, column: Naming.sql(column.name)).map {
                    "; add to migration \(lastVersion.map(String.init) ?? "\(new.version) (bump the version)"): - sql: UPDATE \(Naming.sql(model.table.name)) SET \(Naming.sql(column.name)) = \($0) WHERE \(Naming.sql(column.name)) IS NOT NULL"
                } ?? "; convert them in a sql or hook step"
                diagnostics.warning(
                    "field '\(model.name).\(field.name)' changes storage from '\(from)' to '\(to)'; migrate does not convert its stored values\(update)",
                    at: field.location)
            }
        }
    }

    func tableIndex(_ name: String) -> Int? { tables.firstIndex { $0.name.lowercased() == name.lowercased() } }
}

/// What the steps of the pending versions will produce, so the additive changes before them leave it
/// alone (the same rules as the runtime's `AdditiveChanges`).
private struct PendingSteps {
    var renamedTables: Set<String> = []
    /// `table.column`.
    var renamedColumns: Set<String> = []
    var addedIndexes: Set<String> = []
    /// Tables that pending steps rename or reshape: not rebuilt early.
    var reshapedTables: Set<String> = []
    var isEmpty: Bool { renamedTables.isEmpty && renamedColumns.isEmpty && addedIndexes.isEmpty && reshapedTables.isEmpty }

    init<C: Collection>(_ migrations: C) where C.Element == Migration {
        for step in migrations.flatMap(\.steps) {
            switch step {
            case let .renameTable(from, to):
                renamedTables.insert(to)
                reshapedTables.formUnion([from, to])
            case let .renameColumn(table, _, to):
                renamedColumns.insert(table + "." + to)
                reshapedTables.insert(table)
            case let .dropColumn(table, _), let .alterColumn(table, _):
                reshapedTables.insert(table)
            case let .addIndex(index):
                addedIndexes.insert(index.name)
            case .dropIndex, .sql, .hook:
                break
            }
        }
    }
}
