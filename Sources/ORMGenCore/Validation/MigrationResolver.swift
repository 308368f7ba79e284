/// Checks migration steps against the current schema and resolves model and field names to SQL names.
struct MigrationResolver {
    let drafts: [String: ModelDraft]
    let schemaVersion: Int
    var diagnostics = DiagnosticBag()

    init(drafts: [String: ModelDraft], schemaVersion: Int) {
        self.drafts = drafts
        self.schemaVersion = schemaVersion
    }

    mutating func resolve(_ declarations: [MigrationDeclaration]) -> [Migration] {
        var firsts: [Int: SchemaLocation] = [:]
        var result: [Migration] = []
        for declaration in declarations.sorted(by: { $0.version.value < $1.version.value }) {
            let version = declaration.version
            if let first = firsts[version.value] {
                diagnostics.error("duplicate migration \(version.value); it is already declared at \(first)", at: version.location)
                continue
            }
            firsts[version.value] = version.location
            if version.value > schemaVersion {
                diagnostics.error(
                    "migration \(version.value) is newer than the schema version \(schemaVersion); raise 'version' to \(version.value)",
                    at: version.location)
            } else if version.value < 2 {
                diagnostics.error("migration \(version.value) cannot exist: version 1 is the initial schema, migrations start at 2", at: version.location)
            }
            if declaration.steps.isEmpty {
                diagnostics.warning("migration \(version.value) has no steps", at: version.location)
            }
            var steps: [MigrationStep] = []
            for step in declaration.steps {
                if let resolved = resolve(step) { steps.append(resolved) }
            }
            result.append(Migration(version: version.value, steps: steps))
        }
        return result
    }

    private mutating func resolve(_ step: MigrationStepDeclaration) -> MigrationStep? {
        let kind = step.kind.rawValue
        func argument(_ name: String) -> Located<String>? { step.arguments[name] }
        switch step.kind {
        case .sql:
            return argument("value").map { .sql($0.value) }
        case .hook:
            guard let name = argument("value") else { return nil }
            return .hook(name.value)
        case .dropIndex:
            return argument("name").map { .dropIndex(name: $0.value) }
        case .renameTable:
            guard let from = argument("from"), let to = argument("to") else { return nil }
            guard drafts.values.contains(where: { $0.tableName == to.value }) else {
                diagnostics.error(
                    "\(kind) 'to' names '\(to.value)', which is not the table of any model"
                        + Suggestion.didYouMean(to.value, among: drafts.values.map(\.tableName)), at: to.location)
                return nil
            }
            return .renameTable(from: from.value, to: to.value)
        case .renameModel:
            guard let from = argument("from"), let to = argument("to"), let target = model(to, kind: kind) else { return nil }
            if drafts[from.value] != nil {
                diagnostics.error("\(kind) 'from' names '\(from.value)', which is still a model; 'from' is the old name", at: from.location)
                return nil
            }
            return .renameTable(from: Naming.snakeCase(from.value), to: target.tableName)
        case .renameColumn:
            guard let model = argument("model").flatMap({ model($0, kind: kind) }), let from = argument("from"),
                let to = argument("to"), let column = currentColumn(to, in: model, kind: kind, role: "to")
            else { return nil }
            if model.columns.contains(where: { $0.name == from.value }) {
                diagnostics.error(
                    "\(kind) 'from' names '\(from.value)', which is still a column of '\(model.name)'; 'from' is the old column name",
                    at: from.location)
                return nil
            }
            return .renameColumn(table: model.tableName, from: from.value, to: column)
        case .dropColumn:
            guard let model = argument("model").flatMap({ model($0, kind: kind) }), let column = argument("column") else { return nil }
            if model.columns.contains(where: { $0.name == column.value }) || model.fieldIndex(named: column.value).map({ !model.fields[$0].isTransient }) == true {
                diagnostics.error(
                    "\(kind) names '\(column.value)', which is still a column of '\(model.name)'; remove the field first, or drop a column that no longer exists",
                    at: column.location)
                return nil
            }
            return .dropColumn(table: model.tableName, column: column.value)
        case .alterColumn:
            guard let model = argument("model").flatMap({ model($0, kind: kind) }), let column = argument("column"),
                let name = currentColumn(column, in: model, kind: kind, role: "column")
            else { return nil }
            return .alterColumn(table: model.tableName, column: name)
        case .addIndex:
            guard let model = argument("model").flatMap({ model($0, kind: kind) }) else { return nil }
            var columns: [String] = []
            for name in step.columns {
                guard let column = currentColumn(name, in: model, kind: kind, role: "columns") else { return nil }
                columns.append(column)
            }
            let name = argument("name")?.value ?? model.tableName + "_" + columns.joined(separator: "_")
            return .addIndex(Index(
                name: name, table: model.tableName, columns: columns, isUnique: step.isUnique,
                location: argument("name")?.location ?? step.location))
        }
    }

    private mutating func model(_ name: Located<String>, kind: String) -> ModelDraft? {
        guard let draft = drafts[name.value] else {
            diagnostics.error(
                "\(kind) step names unknown model '\(name.value)'" + Suggestion.didYouMean(name.value, among: drafts.keys.sorted()),
                at: name.location)
            return nil
        }
        return draft
    }

    /// A current column of `model`, named by field or by column; reports unknown names.
    private mutating func currentColumn(_ name: Located<String>, in model: ModelDraft, kind: String, role: String) -> String? {
        if let index = model.fieldIndex(named: name.value), let column = model.columnName(ofField: index) {
            return column
        }
        if let column = model.columns.first(where: { $0.name == name.value }) {
            return column.name
        }
        diagnostics.error(
            "\(kind) '\(role)' names '\(name.value)', which is not a column of '\(model.name)'"
                + Suggestion.didYouMean(name.value, among: model.columns.map(\.name) + model.fields.map(\.name)),
            at: name.location)
        return nil
    }
}
