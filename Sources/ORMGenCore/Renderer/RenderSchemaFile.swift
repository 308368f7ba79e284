extension SwiftRenderer {
    func renderSchemaFile() -> String {
        var writer = CodeWriter()
        let hasBlobs = schema.seed.contains { $0.values.contains { if case .blob = $0 { true } else { false } } }
        let hasFoundationValues = schema.seed.contains { $0.wireValues.contains(where: \.usesFoundation) }
        writeHeader(&writer, sources: schema.sourcePaths, foundation: hasBlobs || hasFoundationValues ? .inImplementation : .none)
        writer.line("/// Every table, migration and seed row of the schema; pass it to the runtime to create or migrate a database.")
        writer.block("\(modifier)enum \(schema.name): ORMKit.DatabaseSchema {") { writer in
            writer.line("\(modifier)static let version: Swift.Int = \(schema.version)")
            writer.line()
            writer.block("\(modifier)static let tables: [ORMKit.TableSchema] = [", closer: "]") { writer in
                for table in schema.tables {
                    if let modelName = table.modelName {
                        writer.line("\(Naming.swift(modelName)).schema,")
                    } else if let join = schema.joinTables.first(where: { $0.table.name == table.name }) {
                        writer.line("\(schema.name).\(Naming.swift(join.memberName)),")
                    }
                }
            }
            writer.line()
            renderMigrations(into: &writer)
            writer.line()
            renderSeed(into: &writer)
            for join in schema.joinTables {
                writer.line()
                let relation = join.models.joined(separator: " and ")
                writer.line("/// The join table of the manyToMany relation between \(relation).")
                writer.line("\(modifier)static let \(Naming.swift(join.memberName)) = " + renderTableSchema(join.table, indent: 1))
            }
        }
        return writer.text
    }

    private func renderMigrations(into writer: inout CodeWriter) {
        guard !schema.migrations.isEmpty else {
            writer.line("\(modifier)static let migrations: [ORMKit.Migration] = []")
            return
        }
        writer.block("\(modifier)static let migrations: [ORMKit.Migration] = [", closer: "]") { writer in
            for migration in schema.migrations {
                writer.block("ORMKit.Migration(", closer: "),") { writer in
                    writer.line("version: \(migration.version),")
                    writer.block("steps: [", closer: "]") { writer in
                        for step in migration.steps { writer.line(render(step) + ",") }
                    }
                }
            }
        }
    }

    private func render(_ step: MigrationStep) -> String {
        let s = SwiftLiteral.string
        switch step {
        case let .renameColumn(table, from, to): return ".renameColumn(table: \(s(table)), from: \(s(from)), to: \(s(to)))"
        case let .renameTable(from, to): return ".renameTable(from: \(s(from)), to: \(s(to)))"
        case let .dropColumn(table, column): return ".dropColumn(table: \(s(table)), column: \(s(column)))"
        case let .alterColumn(table, column): return ".alterColumn(table: \(s(table)), column: \(s(column)))"
        case let .addIndex(index): return ".addIndex(table: \(s(index.table)), index: \(indexSchema(index)))"
        case let .dropIndex(name): return ".dropIndex(name: \(s(name)))"
        case let .sql(text): return ".sql(\(s(text)))"
        case let .hook(name): return ".hook(\(s(name)))"
        }
    }

    private func renderSeed(into writer: inout CodeWriter) {
        guard !schema.seed.isEmpty else {
            writer.line("\(modifier)static let seed: [ORMKit.SeedRow] = []")
            return
        }
        writer.block("\(modifier)static let seed: [ORMKit.SeedRow] = [", closer: "]") { writer in
            for row in schema.seed {
                let values = row.values.map { render($0.databaseValue) }.joined(separator: ", ")
                let wireValues = row.wireValues.map { render($0.wireValue) }.joined(separator: ", ")
                writer.line(
                    "ORMKit.SeedRow(table: \(SwiftLiteral.string(row.table)), columns: \(stringArray(row.columns)), values: [\(values)], "
                        + "wireValues: [\(wireValues)]),")
            }
        }
    }
}
