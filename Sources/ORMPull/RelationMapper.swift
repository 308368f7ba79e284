import ORMGenCore
import ORMKitSQLite

/// Maps foreign keys to relations: a `belongsTo` per single-column foreign key with its inverse `hasMany` on
/// the target, and a `manyToMany` per join table.
enum RelationMapper {
    /// Names a relation must not take on any model: the runtime's record and query API, `id`, the generated
    /// `Relations` namespace and property names Swift cannot declare.
    static let reservedNames = Naming.runtimeAPINames.union(Naming.unusablePropertyNames).union(["id", "Relations"])

    /// A `belongsTo` written, remembered to add its inverse.
    private struct Link {
        var owner: Int
        var target: Int
        var name: String
    }

    /// Adds the relations of every model in `models` (sorted by name) and the `manyToMany` of `joinTables`.
    static func addRelations(to models: inout [MappedModel], joinTables: [JoinTable], notes: inout PullNotes) {
        var namespaces = models.map { model in
            NameAllocator(reserved: reservedNames.union(model.description.fields.map(\.name)))
        }
        let modelIndex = Dictionary(models.enumerated().map { ($1.table.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var links: [Link] = []
        for owner in models.indices {
            for key in models[owner].table.foreignKeys {
                guard let found = belongsTo(key, of: owner, in: models, modelIndex: modelIndex, namespace: &namespaces[owner], notes: &notes)
                else { continue }
                models[owner].description.relations.append(found.relation)
                links.append(Link(owner: owner, target: found.target, name: found.relation.name))
            }
        }
        for link in links {
            let owner = models[link.owner].description.name
            let siblings = links.filter { $0.owner == link.owner && $0.target == link.target }.count
            let base = PullNames.plural(PullNames.lowerFirst(owner)) + (siblings > 1 ? "As" + PullNames.upperFirst(link.name) : "")
            models[link.target].description.relations.append(RelationDescription(
                name: namespaces[link.target].claim(base), kind: .hasMany(target: owner, inverse: link.name)))
        }
        for join in joinTables.sorted(by: { $0.table.name < $1.table.name }) {
            guard let owner = modelIndex[join.ownerKey.targetTable.lowercased()],
                let target = modelIndex[join.targetKey.targetTable.lowercased()]
            else { continue }
            let targetName = models[target].description.name
            models[owner].description.relations.append(RelationDescription(
                name: namespaces[owner].claim(PullNames.plural(PullNames.lowerFirst(targetName))),
                kind: .manyToMany(
                    target: targetName, through: join.table.name, ownerColumn: join.ownerKey.columns[0],
                    targetColumn: join.targetKey.columns[0], onDelete: action(join.ownerKey.onDelete) ?? "noAction",
                    indexes: joinIndexes(of: join, notes: &notes))))
            noteWhatJoinTablesLose(join, notes: &notes)
        }
    }

    /// The `belongsTo` for `key` of `models[owner]` and its target's index, or nil with a note when the key
    /// cannot be one (composite, to a table that is not a model, not to its primary key, types that differ).
    private static func belongsTo(
        _ key: LiveForeignKey, of owner: Int, in models: [MappedModel], modelIndex: [String: Int],
        namespace: inout NameAllocator, notes: inout PullNotes
    ) -> (target: Int, relation: RelationDescription)? {
        let table = models[owner].table.name
        let columns = key.columns.joined(separator: ", ")
        guard key.columns.count == 1 else {
            notes.add(table: table, "composite foreign key (\(columns)) to '\(key.targetTable)' skipped; relations have one column" + keptNote)
            return nil
        }
        guard let field = models[owner].field(forColumn: key.columns[0]) else {
            notes.add(table: table, column: columns, "foreign key to '\(key.targetTable)' skipped; the column is not pulled" + keptNote)
            return nil
        }
        guard let target = modelIndex[key.targetTable.lowercased()] else {
            notes.add(table: table, column: key.columns[0], "foreign key to '\(key.targetTable)' skipped; that table is not pulled as a model" + keptNote)
            return nil
        }
        let targetKey = models[target].table.primaryKey
        guard targetKey.count == 1, let keyField = models[target].keyFields.first,
            key.targetColumns[0].map({ $0.lowercased() == targetKey[0].name.lowercased() }) ?? true
        else {
            notes.add(table: table, column: key.columns[0], "foreign key to '\(key.targetTable)' skipped; it does not reference that table's single-column primary key" + keptNote)
            return nil
        }
        guard keyField.type == field.type else {
            notes.add(table: table, column: key.columns[0], "foreign key to '\(key.targetTable)' skipped; its type \(field.type) differs from the key's \(keyField.type)" + keptNote)
            return nil
        }
        let targetName = models[target].description.name
        var name = PullNames.lowerCamel(withoutIDSuffix(field.name))
        if name.isEmpty { name = PullNames.lowerFirst(targetName) }
        if name == field.name { name += targetName }
        if !namespace.isFree(name) && namespace.isFree(PullNames.lowerFirst(targetName)) { name = PullNames.lowerFirst(targetName) }
        let relation = RelationDescription(
            name: namespace.claim(name),
            kind: .belongsTo(
                target: targetName, foreignKey: field.name, isOptional: field.isOptional,
                onDelete: action(key.onDelete, field: field, table: table, column: key.columns[0], clause: "ON DELETE", notes: &notes),
                onUpdate: action(key.onUpdate, field: field, table: table, column: key.columns[0], clause: "ON UPDATE", notes: &notes)))
        return (target, relation)
    }

    /// What every note about a skipped foreign key ends with: adoption tolerates the key and migrations keep it.
    private static let keptNote = "; the database keeps enforcing it"

    /// `ArtistId` → `Artist`, `authorID` → `author`, `user_id` → `user`; other names unchanged.
    private static func withoutIDSuffix(_ name: String) -> String {
        for suffix in ["_id", "_ID", "_Id", "Id", "ID"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    /// The schema's name for an SQL action (`SET NULL` → `setNull`); nil for `NO ACTION` (the default).
    private static func action(_ sql: String) -> String? {
        switch sql.uppercased() {
        case "CASCADE": "cascade"
        case "SET NULL": "setNull"
        case "SET DEFAULT": "setDefault"
        case "RESTRICT": "restrict"
        default: nil
        }
    }

    /// `action(sql)`, except `setNull` on a required field, which the schema rejects: left out with a note.
    private static func action(
        _ sql: String, field: FieldDescription, table: String, column: String, clause: String, notes: inout PullNotes
    ) -> String? {
        let action = action(sql)
        guard action == "setNull", !field.isOptional else { return action }
        notes.add(table: table, column: column, "\(clause) SET NULL on a NOT NULL column is not written")
        return nil
    }

    /// The join table's own indexes (`CREATE INDEX`), as the relation's `indexes`; a partial or expression index is
    /// noted and left out (the schema declares only full indexes on columns).
    private static func joinIndexes(of join: JoinTable, notes: inout PullNotes) -> [IndexDescription] {
        join.table.indexes.filter { $0.origin == .createIndex }.compactMap { index in
            let columns = index.columns.compactMap { $0 }
            guard !index.isPartial, columns.count == index.columns.count else {
                notes.add(table: join.table.name, "index '\(index.name)' of the join table is partial or indexes an expression; skipped")
                return nil
            }
            if index.hasDescendingColumn {
                notes.add(table: join.table.name, "index '\(index.name)' sorts a column DESC; written in ascending order")
            }
            return IndexDescription(fields: columns, isUnique: index.isUnique, name: index.name)
        }
    }

    /// Notes the parts of a join table a `manyToMany` does not keep: the actions of its second foreign key and of
    /// `ON UPDATE`.
    private static func noteWhatJoinTablesLose(_ join: JoinTable, notes: inout PullNotes) {
        let table = join.table.name
        notes.add(table: table, "join table written as a manyToMany relation of its first column's table")
        if action(join.targetKey.onDelete) != action(join.ownerKey.onDelete) {
            notes.add(table: table, column: join.targetKey.columns[0], "ON DELETE \(join.targetKey.onDelete) is not written; the relation's onDelete is the first column's")
        }
        for key in [join.ownerKey, join.targetKey] where action(key.onUpdate) != nil {
            notes.add(table: table, column: key.columns[0], "ON UPDATE \(key.onUpdate) is not written")
        }
    }
}
