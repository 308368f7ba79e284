/// One way a live database schema differs from the expected one, as reported by
/// `DatabaseContext.schemaDifferences(_:)`, `migrate` and `MigrationVerifier`.
///
/// Compared: tables, columns (declared type, nullability, default), primary keys, indexes (columns and
/// uniqueness), `UNIQUE` constraints and foreign keys (columns, target, actions). Column order and `CHECK`
/// constraints are not compared (SQLite does not report checks through its pragmas).
public struct SchemaDifference: Sendable, Hashable, CustomStringConvertible {
    /// What differs.
    public enum Kind: String, Sendable, Hashable {
        case missingTable, extraTable
        case missingColumn, extraColumn
        case columnType, columnNullability, columnDefault
        case primaryKey
        case missingIndex, extraIndex, indexDefinition
        case missingUniqueConstraint, extraUniqueConstraint
        case missingForeignKey, extraForeignKey
    }

    /// What differs.
    public let kind: Kind
    /// The table involved.
    public let table: String
    /// The column or index name, or a foreign key / unique constraint in readable form; nil for table kinds.
    public let name: String?
    /// The expected value (type, `NOT NULL`/`NULL`, default, key, index shape), when the kind has one.
    public let expected: String?
    /// The live value, when the kind has one.
    public let actual: String?
    /// Whether `migrate` accepts this difference: things the database has and the schema does not
    /// (a table, an index, or a column that is nullable or has a default, with its constraints) — they are
    /// kept because destructive changes are never implicit.
    public let isTolerated: Bool

    /// Creates a difference. ORMKit creates these; apps usually only read them.
    public init(kind: Kind, table: String, name: String? = nil, expected: String? = nil, actual: String? = nil, isTolerated: Bool = false) {
        self.kind = kind
        self.table = table
        self.name = name
        self.expected = expected
        self.actual = actual
        self.isTolerated = isTolerated
    }

    /// `column books.price: type is REAL, expected TEXT`.
    public var description: String {
        let subject = name.map { "\(table).\($0)" } ?? table
        switch kind {
        case .missingTable: return "missing table \(table)"
        case .extraTable: return "extra table \(table) (not in the schema; kept)"
        case .missingColumn: return "missing column \(subject)"
        case .extraColumn:
            return isTolerated
                ? "extra column \(subject) (not in the schema; kept — drop it with a dropColumn step)"
                : "extra column \(subject) is NOT NULL without a default, so inserts will fail; drop it with a dropColumn step"
        case .missingIndex: return "missing index \(name ?? "?") on \(table)"
        case .extraIndex: return "extra index \(name ?? "?") on \(table) (not in the schema; kept)"
        case .missingUniqueConstraint: return "missing UNIQUE constraint on \(table) (\(name ?? ""))"
        case .extraUniqueConstraint: return "extra UNIQUE constraint on \(table) (\(name ?? ""))"
        case .missingForeignKey: return "missing foreign key on \(table): \(name ?? "")"
        case .extraForeignKey: return "extra foreign key on \(table): \(name ?? "")"
        case .columnType, .columnNullability, .columnDefault, .primaryKey, .indexDefinition:
            let what = switch kind {
            case .columnType: "type"
            case .columnNullability: "nullability"
            case .columnDefault: "default"
            case .primaryKey: "primary key"
            default: "definition"
            }
            return "\(kind == .indexDefinition ? "index" : kind == .primaryKey ? "table" : "column") \(subject): "
                + "\(what) is \(actual ?? "none"), expected \(expected ?? "none")"
        }
    }
}
