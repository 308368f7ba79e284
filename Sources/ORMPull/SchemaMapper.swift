import Foundation
import ORMGenCore

/// The mapping stage: live tables to the schema description. Tables without a primary key are skipped
/// (every model needs one), join tables become `manyToMany` relations, every other table a model; FTS5 tables
/// become `search:` on the model whose table they index.
public enum SchemaMapper {
    /// The schema called `name` for `tables` and `fullTextTables` (each sorted by name), with notes about what was
    /// skipped or guessed.
    static func map(
        _ tables: [LiveTable], fullTextTables: [LiveFullTextTable], name: String, naming: NamingStrategy, notes: inout PullNotes
    ) -> SchemaDescription {
        var keyed: [LiveTable] = []
        for table in NameScreen.screen(tables, notes: &notes) {
            if table.primaryKey.isEmpty {
                notes.add(table: table.name, "no primary key; table skipped, every model needs one")
            } else {
                keyed.append(table)
            }
        }
        let keyedByName = Dictionary(keyed.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let joinTables = keyed.compactMap { JoinTableDetector.joinTable($0, keyedTables: keyedByName) }
        let joinNames = Set(joinTables.map(\.table.name))
        let modelTables = keyed.filter { !joinNames.contains($0.name) }
        var allocator = NameAllocator(reserved: Naming.reservedTypeNames.union([name]))
        let modelNames = allocator.claim(for: modelTables.map(\.name), fallback: "Table") { naming.modelName(forTable: $0) }
        var models = zip(modelTables, modelNames)
            .map { ModelMapper.map($0, name: $1, naming: naming, notes: &notes) }
            .sorted { $0.description.name < $1.description.name }
        RelationMapper.addRelations(to: &models, joinTables: joinTables, notes: &notes)
        SearchMapper.addSearch(to: &models, from: fullTextTables, notes: &notes)
        return SchemaDescription(name: name, naming: naming, models: models.map(\.description))
    }

    /// `ChinookSchema` for `path/chinook.db`: the file name without its last extension, as an UpperCamel
    /// identifier (`Database` in front of a leading digit), plus `Schema` unless it already ends so.
    /// For a PostgreSQL URL, the database name: `StoreSchema` for `postgres://…/store`.
    public static func defaultSchemaName(forDatabase path: String) -> String {
        let path = SchemaPuller.isPostgresURL(path) ? (URLComponents(string: path)?.path ?? "") + ".db" : path
        var file = Substring(path.split(separator: "/").last ?? "")
        if let dot = file.lastIndex(of: "."), dot != file.startIndex { file = file[..<dot] }
        var name = PullNames.upperCamel(String(file))
        if name.hasPrefix("_") { name = "Database" + name.dropFirst() }
        if name.isEmpty { name = "Database" }
        return name.hasSuffix("Schema") ? name : name + "Schema"
    }
}
