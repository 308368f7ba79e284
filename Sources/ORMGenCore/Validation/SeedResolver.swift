/// Checks seed rows against their models and converts every value to its SQLite storage class.
struct SeedResolver {
    let drafts: [String: ModelDraft]
    var diagnostics = DiagnosticBag()

    init(drafts: [String: ModelDraft]) {
        self.drafts = drafts
    }

    /// Seed rows ordered by table creation order, then as written.
    mutating func resolve(_ declarations: [SeedDeclaration], tableOrder: [String]) -> [SeedRow] {
        var rows: [SeedRow] = []
        for declaration in declarations {
            guard let model = drafts[declaration.model.value] else {
                diagnostics.error(
                    "seed names unknown model '\(declaration.model.value)'"
                        + Suggestion.didYouMean(declaration.model.value, among: drafts.keys.sorted()),
                    at: declaration.model.location)
                continue
            }
            rows += declaration.rows.compactMap { resolve($0, model: model) }
        }
        let position = Dictionary(tableOrder.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        return rows.enumerated()
            .sorted { (position[$0.element.table] ?? 0, $0.offset) < (position[$1.element.table] ?? 0, $1.offset) }
            .map(\.element)
    }

    private mutating func resolve(_ row: SeedRowDeclaration, model: ModelDraft) -> SeedRow? {
        var valuesByField: [Int: [SeedValue]] = [:]
        var wireByField: [Int: [WireLiteral]] = [:]
        var isValid = true
        for (name, literal) in row.values {
            guard let index = model.fieldIndex(named: name.value) else {
                diagnostics.error(
                    "seed row for '\(model.name)' has unknown field '\(name.value)'"
                        + Suggestion.didYouMean(name.value, among: model.fields.map(\.name)), at: name.location)
                isValid = false
                continue
            }
            let field = model.fields[index]
            if field.isTransient {
                diagnostics.error(
                    "seed row for '\(model.name)' sets transient field '\(name.value)', which is not stored", at: name.location)
                isValid = false
                continue
            }
            switch LiteralConverter.seedValues(literal.value, for: field, path: "\(model.name).\(field.name)") {
            case let .success(values):
                valuesByField[index] = values
                wireByField[index] = WireLiterals.values(literal.value, for: field)
            case let .failure(.message(message)):
                diagnostics.error(message, at: literal.location)
                isValid = false
            }
        }
        for (index, field) in model.fields.enumerated() where valuesByField[index] == nil && !field.isTransient {
            let isAssignedKey = model.isAutoIncrement && model.keyIndexes == [index]
            let isLeftToDatabase = field.defaultValue.map { $0.wire != nil && $0.seed == nil } ?? false
            if isAssignedKey || field.isOptional || isLeftToDatabase { continue }
            if let value = LiteralConverter.defaultSeedValue(for: field) {
                valuesByField[index] = [value]
                wireByField[index] = [WireLiterals.defaultValue(for: field) ?? .null]
            } else if case .embedded = field.type,
                case let .success(values) = LiteralConverter.seedValues(.mapping([]), for: field, path: field.name)
            {
                valuesByField[index] = values
                wireByField[index] = WireLiterals.values(.mapping([]), for: field)
            } else {
                diagnostics.error(
                    "seed row for '\(model.name)' is missing required field '\(field.name)', which has no default",
                    at: row.location)
                isValid = false
            }
        }
        guard isValid else { return nil }
        var columns: [String] = []
        var values: [SeedValue] = []
        var wireValues: [WireLiteral] = []
        for (index, _) in model.fields.enumerated() {
            guard let fieldValues = valuesByField[index] else { continue }
            let fieldColumns = model.columns.filter { $0.fieldIndex == index }.map(\.name)
            columns += fieldColumns
            values += fieldValues.prefix(fieldColumns.count)
            let fieldWire = wireByField[index] ?? []
            wireValues += (0..<fieldColumns.count).map { $0 < fieldWire.count ? fieldWire[$0] : .null }
        }
        return SeedRow(table: model.tableName, columns: columns, values: values, wireValues: wireValues)
    }
}
