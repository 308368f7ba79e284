import ORMGenCore
import ORMKitSQLite

/// A model being mapped, with the live table it comes from so the relation stage can find fields by column.
struct MappedModel {
    var table: LiveTable
    var description: ModelDescription

    /// The field of column `column` (compared ignoring case, like SQLite); fields and columns are aligned.
    func field(forColumn column: String) -> FieldDescription? {
        table.columns.firstIndex { $0.name.lowercased() == column.lowercased() }.map { description.fields[$0] }
    }

    /// The key fields in key order.
    var keyFields: [FieldDescription] {
        table.primaryKey.compactMap { field(forColumn: $0.name) }
    }
}

/// Maps one live table to a model: fields (types, storages, defaults, `unique`), the primary key and indexes.
enum ModelMapper {
    /// The model called `name` for `table`, with notes about what could not be mapped exactly.
    static func map(_ table: LiveTable, name: String, naming: NamingStrategy, notes: inout PullNotes) -> MappedModel {
        var allocator = NameAllocator()
        let fieldNames = allocator.claim(for: table.columns.map(\.name), fallback: "field") { naming.fieldName(forColumn: $0) }
        let uniqueColumns = Set(table.indexes.compactMap { index -> String? in
            guard index.origin == .uniqueConstraint, index.isUnique, index.columns.count == 1 else { return nil }
            return index.columns[0]?.lowercased()
        })
        let fields = zip(table.columns, fieldNames).map { column, fieldName in
            field(column, named: fieldName, in: table.name, naming: naming,
                  isUnique: uniqueColumns.contains(column.name.lowercased()), notes: &notes)
        }
        let key = table.primaryKey.compactMap { column in
            table.columns.firstIndex { $0.name == column.name }.map { fieldNames[$0] }
        }
        var model = MappedModel(
            table: table,
            description: ModelDescription(
                name: name,
                explicitTable: naming.defaultSQLName(for: name) == table.name ? nil : table.name,
                explicitPrimaryKey: key == ["id"] ? nil : key,
                fields: fields, indexes: [], relations: []))
        model.description.indexes = table.indexes.compactMap { index(for: $0, of: model, notes: &notes) }
        return model
    }

    private static func field(
        _ column: LiveColumn, named name: String, in table: String, naming: NamingStrategy, isUnique: Bool,
        notes: inout PullNotes
    ) -> FieldDescription {
        var kind = ColumnKind(declaredType: column.declaredType)
        var storage: String?
        var columnNotes: [String] = []
        if let catalogType = column.catalogType {
            (kind, storage) = (catalogType.defaultKind, catalogType.storage)
        } else {
            switch kind {
            case .date:
                let choice = DateStorageClassifier.classify(column.sample)
                (storage, columnNotes) = (choice.storage.rawValue, choice.notes)
            case .uuid:
                let choice = UUIDStorageClassifier.classify(column.sample)
                (storage, columnNotes) = (choice.storage.rawValue, choice.notes)
            case .numeric:
                storage = "real"
            case .bool, .integer, .text, .blob, .real:
                storage = nil
            }
        }
        let mappedDefault = column.defaultSQL.map {
            DefaultValueMapper.literal(fromSQL: $0, kind: kind, writesNow: column.catalogType != nil)
        }
        if let note = mappedDefault?.note { columnNotes.append(note) }
        for note in columnNotes { notes.add(table: table, column: column.name, note) }
        return FieldDescription(
            name: name,
            explicitColumn: naming.defaultSQLName(for: name) == column.name ? nil : column.name,
            type: column.catalogType?.swiftType ?? kind.swiftType,
            isOptional: !column.isNotNull && column.primaryKeyPosition == 0,
            sqlType: column.catalogType.map(\.sqlType) ?? (column.declaredType == kind.defaultSQLType ? nil : column.declaredType),
            storage: storage,
            scale: column.catalogType?.scale,
            defaultValue: mappedDefault?.literal,
            isUnique: isUnique,
            check: column.catalogType?.check,
            enumeration: column.catalogType?.enumeration.map { (enumCases($0.labels), $0.typeName) })
    }

    /// Case names for an enum type's labels: the lowerCamel form of each (`open` kept, `in-progress` →
    /// `inProgress`, `ACTIVE` → `active`), numbered where two would meet.
    private static func enumCases(_ labels: [String]) -> [(name: String, raw: String)] {
        var names = NameAllocator(reserved: Naming.unusablePropertyNames)
        let cases = names.claim(for: labels, fallback: "value", propose: PullNames.lowerCamel)
        return Array(zip(cases, labels))
    }

    /// The `indexes:` entry for `index`, nil for primary-key indexes, single-column `UNIQUE` constraints
    /// (written as `unique: true`) and indexes the schema cannot declare (partial, on expressions; noted).
    private static func index(for index: LiveIndex, of model: MappedModel, notes: inout PullNotes) -> IndexDescription? {
        let table = model.table.name
        switch index.origin {
        case .primaryKey:
            return nil
        case .uniqueConstraint where index.columns.count == 1:
            return nil
        case .uniqueConstraint, .createIndex:
            break
        }
        if index.isPartial {
            notes.add(table: table, "index '\(index.name)' has a WHERE clause; skipped, the schema declares only full indexes")
            return nil
        }
        let fields = index.columns.compactMap { $0.flatMap(model.field(forColumn:))?.name }
        guard fields.count == index.columns.count else {
            notes.add(table: table, "index '\(index.name)' indexes an expression or a generated column; skipped")
            return nil
        }
        if index.hasDescendingColumn {
            notes.add(table: table, "index '\(index.name)' sorts a column DESC; written in ascending order")
        }
        guard index.origin == .createIndex else {
            notes.add(table: table, "UNIQUE (\(fields.joined(separator: ", "))) is written as a unique index named by ormgen")
            return IndexDescription(fields: fields, isUnique: true, name: nil)
        }
        return IndexDescription(fields: fields, isUnique: index.isUnique, name: index.name)
    }
}
