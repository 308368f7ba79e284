/// One way a live database schema differs from the expected one, as reported by
/// `Connection.schemaDifferences(_:)`, `migrate` and `MigrationVerifier`.
///
/// Compared: tables, columns (declared type, nullability, default), primary keys, indexes (columns and
/// uniqueness), `UNIQUE` constraints and foreign keys (columns, target, actions). Column order and `CHECK`
/// constraints are not compared (SQLite does not report checks through its pragmas).
public struct SchemaDifference: Sendable, Hashable, CustomStringConvertible {
    /// What differs.
    public enum Kind: String, Sendable, Hashable {
        /// The schema declares the table; the database lacks it.
        case missingTable
        /// The database has a table the schema does not declare (tolerated).
        case extraTable
        /// The schema declares the column; the table lacks it.
        case missingColumn
        /// The table has a column the schema does not declare (tolerated unless NOT NULL without default).
        case extraColumn
        /// The declared SQL type differs.
        case columnType
        /// `NOT NULL` differs.
        case columnNullability
        /// The `DEFAULT` expression differs.
        case columnDefault
        /// The primary-key columns differ.
        case primaryKey
        /// A declared index is missing.
        case missingIndex
        /// The database has an index the schema does not declare (tolerated).
        case extraIndex
        /// An index with the declared name covers other columns or differs in uniqueness.
        case indexDefinition
        /// A `UNIQUE` column constraint is missing.
        case missingUniqueConstraint
        /// The table has a `UNIQUE` constraint the schema does not declare.
        case extraUniqueConstraint
        /// A declared foreign key is missing (or differs in target or actions).
        case missingForeignKey
        /// The table has a foreign key the schema does not declare.
        case extraForeignKey
        /// The full-text index differs from the model's `search:`, is missing, or is there without one (tolerated):
        /// `migrate` brings it to the declaration.
        case searchIndex
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
        case .searchIndex: return "full-text index \(name ?? "?") on \(table): is \(actual ?? "none"), expected \(expected ?? "none")"
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
