import Foundation
import ORMSchema

// The generator's model as ORMSchema's engine-neutral definitions: what `SchemaDialect`s (SQLiteDDL,
// PostgreSQLDDL) write DDL from, the same values the runtime derives its DDL from.

extension Table {
    var definition: TableDefinition {
        TableDefinition(
            name: name, columns: columns.map(\.schema), primaryKey: primaryKey, isAutoIncrement: isAutoIncrement,
            indexes: indexes.map(\.schema), foreignKeys: columns.compactMap { $0.reference?.schema }, search: search)
    }
}

extension ColumnDefinition {
    var schema: ColumnSchema {
        ColumnSchema(
            name: name, type: sqlType, declaredType: declaredType, kind: content.kind, isNullable: isNullable, storage: storage,
            defaultValue: defaultValue, isUnique: isUnique, check: check)
    }

    /// The constraints PostgreSQL names on this column of `table` (UNIQUE, CHECK, enum CHECK, foreign key).
    func postgreSQLConstraints(table: String) -> [PostgreSQLDDL.Constraint] {
        PostgreSQLDDL().constraints(of: schema, reference: reference?.schema, table: table)
    }
}

extension ColumnContent {
    /// What the column holds, as ORMSchema names it.
    var kind: ColumnKind {
        switch self {
        case let .scalar(scalar, storage):
            switch scalar {
            case .bool: .bool
            case .int, .int64: .integer
            case .int32: .integer32
            case .double: .double
            case .float: .float
            case .string, .url: .text
            case .data: .bytes
            case .date: .date
            case .uuid: .uuid
            case .decimal: .decimal(scale: storage?.kind == .scaledInteger ? storage?.scale : nil)
            }
        case let .enumeration(isIntegerRaw, rawValues, typeName):
            .enumeration(isIntegerRaw: isIntegerRaw, rawValues: rawValues, typeName: typeName)
        case .json: .json
        case let .converter(sqlType): .converter(sqlType: sqlType)
        }
    }
}

extension Index {
    var schema: IndexSchema { IndexSchema(name: name, keys: keys, isUnique: isUnique, onlyWhereNull: onlyWhereNull) }
}

extension ForeignKey {
    var schema: ForeignKeySchema {
        ForeignKeySchema(
            columns: columns, targetTable: targetTable, targetColumns: targetColumns,
            onDelete: ORMSchema.ForeignKeyAction(rawValue: onDelete.sql) ?? .noAction,
            onUpdate: ORMSchema.ForeignKeyAction(rawValue: onUpdate.sql) ?? .noAction)
    }
}

extension DefaultValue {
    /// The default as a column declares it: nil when it exists only in Swift (`nil`).
    var column: ColumnDefault? {
        switch wire {
        case nil: nil
        case .now?: .now
        case let .value(literal)?: seed.map { .value(stored: $0.databaseValue, wire: literal.wireValue) }
        }
    }
}

extension SeedValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case let .integer(number): .integer(number)
        case let .real(number): .real(number)
        case let .text(text): .text(text)
        case let .blob(bytes): .blob(Data(bytes))
        }
    }
}

extension WireLiteral {
    var wireValue: WireValue {
        switch self {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .integer(number): .integer(number)
        case let .double(number): .double(number)
        case let .decimal(negative, significand, exponent):
            .decimal(Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(string: significand) ?? .nan))
        case let .text(text): .text(text)
        case let .bytes(bytes): .bytes(Data(bytes))
        case let .uuid(bytes):
            .uuid(UUID(uuid: (Array(bytes.prefix(16)) + Array(repeating: 0, count: max(0, 16 - bytes.count))).withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }))
        case let .timestamp(seconds): .timestamp(Date(timeIntervalSince1970: seconds))
        case let .json(text): .json(text)
        }
    }
}
