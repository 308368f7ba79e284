import ORMSchema

extension SwiftRenderer {
    /// `ORMKit.TableSchema(…)` spanning several lines; `indent` is the level of the line it starts on. With
    /// `columnsFunction`, the columns come from that function (`renderColumnsFunction`) instead of an array literal.
    func renderTableSchema(_ table: Table, indent: Int, columnsFunction: String? = nil) -> String {
        var writer = CodeWriter()
        writer.block("ORMKit.TableSchema(", closer: ")") { writer in
            writer.line("name: \(SwiftLiteral.string(table.name)),")
            if let columnsFunction {
                writer.line("columns: \(columnsFunction)(),")
            } else {
                list("columns", table.columns.map(columnSchema), into: &writer)
            }
            writer.line("primaryKey: \(stringArray(table.primaryKey)),")
            let tail = [
                table.indexes.isEmpty ? nil : "indexes", table.foreignKeys.isEmpty ? nil : "foreignKeys",
                table.search == nil ? nil : "search", table.relations.isEmpty ? nil : "relations",
            ].compactMap { $0 }
            writer.line("isAutoIncrement: \(table.isAutoIncrement)" + (tail.isEmpty ? "" : ","))
            if !table.indexes.isEmpty { list("indexes", table.indexes.map(indexSchema), into: &writer, last: tail.last == "indexes") }
            if !table.foreignKeys.isEmpty {
                list("foreignKeys", table.foreignKeys.map(foreignKeySchema), into: &writer, last: tail.last == "foreignKeys")
            }
            if let search = table.search {
                writer.line("search: " + searchSchema(search) + (tail.last == "search" ? "" : ","))
            }
            if !table.relations.isEmpty { list("relations", table.relations.map(relationSchema), into: &writer, last: true) }
        }
        let padding = String(repeating: "    ", count: indent)
        let lines = writer.text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { $0.offset == 0 ? String($0.element) : padding + $0.element }.joined(separator: "\n")
    }

    /// `private static func <name>() -> [ORMKit.ColumnSchema]`, one `append` statement per column: the type checker
    /// takes an array literal as one expression, in memory that grows with the square of its length (1.4 GB for
    /// 500 columns), and each statement on its own.
    func renderColumnsFunction(_ table: Table, name: String, into writer: inout CodeWriter) {
        writer.block("private static func \(name)() -> [ORMKit.ColumnSchema] {") { writer in
            writer.line("var columns: [ORMKit.ColumnSchema] = []")
            writer.line("columns.reserveCapacity(\(table.columns.count))")
            for column in table.columns { writer.line("columns.append(\(columnSchema(column)))") }
            writer.line("return columns")
        }
    }

    private func list(_ label: String, _ items: [String], into writer: inout CodeWriter, last: Bool = false) {
        writer.block("\(label): [", closer: last ? "]" : "],") { writer in
            for item in items { writer.line(item + ",") }
        }
    }

    /// `ORMKit.SearchSchema(columns: […], language: "english")`.
    private func searchSchema(_ search: SearchSchema) -> String {
        var arguments = ["columns: \(stringArray(search.columns))"]
        if let language = search.language { arguments.append("language: \(SwiftLiteral.string(language))") }
        if let tokenizer = search.tokenizer { arguments.append("tokenizer: \(SwiftLiteral.string(tokenizer))") }
        return "ORMKit.SearchSchema(" + arguments.joined(separator: ", ") + ")"
    }

    func stringArray(_ values: [String]) -> String {
        "[" + values.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }

    /// `ORMKit.ColumnSchema(…)`: what the column holds, its storage, default and constraints; each engine derives
    /// its DDL from these.
    private func columnSchema(_ column: ColumnDefinition) -> String {
        var arguments = [
            "name: \(SwiftLiteral.string(column.name))", "type: \(SwiftLiteral.string(column.sqlType))",
        ]
        if let declared = column.declaredType { arguments.append("declaredType: \(SwiftLiteral.string(declared))") }
        arguments += ["kind: \(render(column.content.kind))", "isNullable: \(column.isNullable)"]
        if let storage = column.storage { arguments.append("storage: \(SwiftLiteral.string(storage))") }
        switch column.defaultValue {
        case nil: break
        case .now?: arguments.append("defaultValue: .now")
        case let .value(stored, wire)?: arguments.append("defaultValue: .value(stored: \(render(stored)), wire: \(render(wire)))")
        }
        if column.isUnique { arguments.append("isUnique: true") }
        if let check = column.check { arguments.append("check: \(SwiftLiteral.string(check))") }
        return "ORMKit.ColumnSchema(\(arguments.joined(separator: ", ")))"
    }

    private func render(_ kind: ColumnKind) -> String {
        switch kind {
        case .bool: ".bool"
        case .integer: ".integer"
        case .integer32: ".integer32"
        case .double: ".double"
        case .float: ".float"
        case .text: ".text"
        case .bytes: ".bytes"
        case .date: ".date"
        case .uuid: ".uuid"
        case let .decimal(scale): ".decimal(scale: \(scale.map(String.init) ?? "nil"))"
        case let .enumeration(isIntegerRaw, rawValues, typeName?):
            ".enumeration(isIntegerRaw: \(isIntegerRaw), rawValues: \(stringArray(rawValues)), typeName: \(SwiftLiteral.string(typeName)))"
        case let .enumeration(isIntegerRaw, rawValues, nil):
            ".enumeration(isIntegerRaw: \(isIntegerRaw), rawValues: \(stringArray(rawValues)))"
        case .json: ".json"
        case let .converter(sqlType): ".converter(sqlType: \(SwiftLiteral.string(sqlType)))"
        }
    }

    func indexSchema(_ index: Index) -> String {
        let partial = index.onlyWhereNull.map { ", onlyWhereNull: \(SwiftLiteral.string($0))" } ?? ""
        guard index.keys.contains(where: { if case .jsonPath = $0 { true } else { false } }) else {
            return "ORMKit.IndexSchema(name: \(SwiftLiteral.string(index.name)), columns: \(stringArray(index.columns)), "
                + "isUnique: \(index.isUnique)\(partial))"
        }
        let keys = index.keys.map { key in
            switch key {
            case let .column(name): ".column(\(SwiftLiteral.string(name)))"
            case let .jsonPath(column, path, kind):
                ".jsonPath(column: \(SwiftLiteral.string(column)), keys: \(stringArray(path)), kind: .\(kind.rawValue))"
            }
        }
        return "ORMKit.IndexSchema(name: \(SwiftLiteral.string(index.name)), keys: [\(keys.joined(separator: ", "))], "
            + "isUnique: \(index.isUnique)\(partial))"
    }

    private func foreignKeySchema(_ key: ForeignKey) -> String {
        "ORMKit.ForeignKeySchema(columns: \(stringArray(key.columns)), targetTable: \(SwiftLiteral.string(key.targetTable)), "
            + "targetColumns: \(stringArray(key.targetColumns)), onDelete: .\(key.onDelete.rawValue), onUpdate: .\(key.onUpdate.rawValue))"
    }

    private func relationSchema(_ relation: Relation) -> String {
        let kind: String
        switch relation.kind {
        case let .belongsTo(columns, targetColumns, isOptional):
            kind = ".belongsTo(columns: \(stringArray(columns)), targetColumns: \(stringArray(targetColumns)), isOptional: \(isOptional))"
        case let .hasMany(columns, targetColumns):
            kind = ".hasMany(columns: \(stringArray(columns)), targetColumns: \(stringArray(targetColumns)))"
        case let .hasOne(columns, targetColumns):
            kind = ".hasOne(columns: \(stringArray(columns)), targetColumns: \(stringArray(targetColumns)))"
        case let .manyToMany(joinTable, columns, joinColumns, targetColumns, joinTargetColumns, positionColumn):
            kind = ".manyToMany(joinTable: \(SwiftLiteral.string(joinTable)), columns: \(stringArray(columns)), "
                + "joinColumns: \(stringArray(joinColumns)), targetColumns: \(stringArray(targetColumns)), "
                + "joinTargetColumns: \(stringArray(joinTargetColumns)), positionColumn: "
                + (positionColumn.map(SwiftLiteral.string) ?? "nil") + ")"
        }
        return "ORMKit.RelationSchema(name: \(SwiftLiteral.string(relation.name)), targetTable: \(SwiftLiteral.string(relation.targetTable)), kind: \(kind))"
    }
}
