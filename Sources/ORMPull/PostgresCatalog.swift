#if PostgreSQLTools  // the package trait that lets ormgen read PostgreSQL databases (Package.swift)
import Foundation
import ORMKit
import ORMKitPostgres
import ORMKitSQLite

/// Reads the tables of the connection's current schema (`current_schema()`, `public` by default) from PostgreSQL's
/// catalog (https://www.postgresql.org/docs/current/catalogs.html), one query per kind of object, each returning
/// its rows as one JSON array so they decode into the `Catalog…` rows below.
enum PostgresCatalog {
    /// The schema version `migrate` recorded (`ormkit_schema_version`), 1 when there is none.
    static func version(of db: PostgresDatabase) async throws -> Int {
        guard try await Bool.fetchOne(db, sql: "SELECT to_regclass('ormkit_schema_version') IS NOT NULL") == true else { return 1 }
        return try await Int.fetchOne(db, sql: "SELECT max(version) FROM ormkit_schema_version").map { max($0, 1) } ?? 1
    }

    /// The ordinary and partitioned tables, sorted by name, with views, materialized views and foreign tables
    /// left out with a note each (and ormkit's own `ormkit_schema_version` without one).
    static func tables(of db: PostgresDatabase, notes: inout PullNotes) async throws -> [LiveTable] {
        let relations: [CatalogRelation] = try await rows(db, relationsSQL)
        let columns: [CatalogColumn] = try await rows(db, columnsSQL)
        let indexes: [CatalogIndex] = try await rows(db, indexesSQL)
        let foreignKeys: [CatalogForeignKey] = try await rows(db, foreignKeysSQL)
        var tables: [LiveTable] = []
        for relation in relations {
            switch relation.kind {
            case "v": notes.add("skipped view '\(relation.name)'")
            case "m": notes.add("skipped materialized view '\(relation.name)'")
            case "f": notes.add("skipped foreign table '\(relation.name)'")
            default:
                guard relation.name != "ormkit_schema_version" else { continue }
                for check in relation.tableChecks ?? [] {
                    notes.add("\(relation.name): \(check) not written (it reads several columns; the schema declares one per field); it stays in the database")
                }
                var live: [LiveColumn] = []
                for column in columns where column.table == relation.name {
                    guard let type = try await PostgresTypeMapper.fieldType(of: column, in: db, notes: &notes) else { continue }
                    var defaultSQL = column.identity.isEmpty && !(column.default ?? "").hasPrefix("nextval(") ? column.default : nil
                    if type.storage == "json", let json = defaultSQL {
                        notes.add(table: column.table, column: column.name, "default \(SQLLiteral.withoutCasts(json)) is not written; JSON fields take no default")
                        defaultSQL = nil
                    }
                    live.append(LiveColumn(
                        name: column.name, declaredType: column.type, isNotNull: column.notNull,
                        defaultSQL: defaultSQL.map(SQLLiteral.withoutCasts), primaryKeyPosition: column.keyPosition, catalogType: type))
                }
                tables.append(LiveTable(
                    name: relation.name, columns: live,
                    indexes: indexes.filter { $0.table == relation.name }.map(\.live),
                    foreignKeys: foreignKeys.filter { $0.table == relation.name }.map(\.live)))
            }
        }
        return tables
    }

    /// The rows of `sql`, whose one column is a JSON array of objects.
    private static func rows<Row: Decodable>(_ db: PostgresDatabase, _ sql: String) async throws -> [Row] {
        let json = try await String.fetchOne(db, sql: sql) ?? "[]"
        return try JSONDecoder().decode([Row].self, from: Data(json.utf8))
    }

    private static let inCurrentSchema = "n.nspname = current_schema()"

    private static let relationsSQL = """
        SELECT coalesce(json_agg(json_build_object('name', c.relname, 'kind', c.relkind::text,
            'tableChecks', (SELECT json_agg(pg_get_constraintdef(k.oid) ORDER BY k.conname) FROM pg_constraint k
                WHERE k.conrelid = c.oid AND k.contype = 'c' AND cardinality(k.conkey) > 1)
        ) ORDER BY c.relname), '[]')::text
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE \(inCurrentSchema) AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
        """

    // A domain's column reads as its base type (`typtype` 'd'); `typcategory` 'A' is an array; an enum type's
    // labels come in their order.
    private static let columnsSQL = """
        SELECT coalesce(json_agg(json_build_object(
            'table', c.relname, 'name', a.attname,
            'type', CASE WHEN t.typtype = 'd' THEN format_type(t.typbasetype, t.typtypmod) ELSE format_type(a.atttypid, a.atttypmod) END,
            'domain', CASE WHEN t.typtype = 'd' THEN t.typname END,
            'enumType', CASE WHEN t.typtype = 'e' AND t.typnamespace = c.relnamespace THEN t.typname END,
            'enumLabels', (SELECT json_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid),
            'typeKind', coalesce(bt.typtype, t.typtype)::text, 'category', coalesce(bt.typcategory, t.typcategory)::text,
            'notNull', a.attnotnull OR t.typnotnull, 'default', pg_get_expr(d.adbin, d.adrelid),
            'identity', a.attidentity::text, 'generated', a.attgenerated::text,
            'keyPosition', coalesce(array_position(pk.conkey, a.attnum), 0),
            'checks', (SELECT json_agg(pg_get_constraintdef(k.oid) ORDER BY k.conname) FROM pg_constraint k
                WHERE k.conrelid = c.oid AND k.contype = 'c' AND k.conkey = ARRAY[a.attnum])
        ) ORDER BY c.relname, a.attnum), '[]')::text
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_type t ON t.oid = a.atttypid LEFT JOIN pg_type bt ON t.typtype = 'd' AND bt.oid = t.typbasetype
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        LEFT JOIN pg_constraint pk ON pk.conrelid = c.oid AND pk.contype = 'p'
        WHERE \(inCurrentSchema) AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        """

    // Key columns only (`indnkeyatts`: INCLUDE columns are not part of the key); an expression reads as null.
    private static let indexesSQL = """
        SELECT coalesce(json_agg(json_build_object(
            'table', c.relname, 'name', i.relname, 'unique', x.indisunique, 'primary', x.indisprimary,
            'constraint', con.contype::text, 'partial', x.indpred IS NOT NULL,
            'columns', (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum WHERE k.ord <= x.indnkeyatts),
            'descending', EXISTS (SELECT 1 FROM unnest(x.indoption::int2[]) o WHERE o & 1 = 1)
        ) ORDER BY c.relname, i.relname), '[]')::text
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_constraint con ON con.conindid = x.indexrelid AND con.conrelid = x.indrelid AND con.contype IN ('p', 'u')
        WHERE \(inCurrentSchema) AND c.relkind IN ('r', 'p')
        """

    private static let foreignKeysSQL = """
        SELECT coalesce(json_agg(json_build_object(
            'table', c.relname, 'target', tc.relname,
            'columns', (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum),
            'targetColumns', (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum),
            'onDelete', con.confdeltype::text, 'onUpdate', con.confupdtype::text
        ) ORDER BY c.relname, con.conkey[1], con.conname), '[]')::text
        FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class tc ON tc.oid = con.confrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE \(inCurrentSchema) AND con.contype = 'f'
        """
}

/// A row of `pg_class`.
struct CatalogRelation: Decodable {
    var name: String
    /// `relkind`: `r` table, `p` partitioned table, `v` view, `m` materialized view, `f` foreign table.
    var kind: String
    /// The `CHECK` constraints on several columns, as `pg_get_constraintdef` writes them.
    var tableChecks: [String]?
}

/// A column of a table, from `pg_attribute` and its type.
struct CatalogColumn: Decodable {
    var table: String
    var name: String
    /// `format_type` of the column's type (of a domain's base type): `character varying(40)`, `numeric(10,2)`.
    var type: String
    /// The domain's name, when the column's type is one.
    var domain: String?
    /// `typtype`: `b` base, `e` enum, `c` composite, `r` range, `m` multirange.
    var typeKind: String
    /// The name of the column's enum type, when it is one of the table's schema.
    var enumType: String?
    /// The labels of the column's enum type, in their order.
    var enumLabels: [String]?
    /// `typcategory`: `A` for an array.
    var category: String
    var notNull: Bool
    var `default`: String?
    /// `a` or `d` for an identity column, empty otherwise.
    var identity: String
    /// `s` for a generated column, empty otherwise.
    var generated: String
    var keyPosition: Int
    /// The column's own `CHECK` constraints as `pg_get_constraintdef` writes them.
    var checks: [String]?
}

/// An index, from `pg_index`.
struct CatalogIndex: Decodable {
    var table: String
    var name: String
    var unique: Bool
    var primary: Bool
    /// `p` or `u` when a constraint owns the index.
    var constraint: String?
    var partial: Bool
    var columns: [String?]
    var descending: Bool

    var live: LiveIndex {
        LiveIndex(
            name: name, isUnique: unique,
            origin: primary ? .primaryKey : constraint == "u" ? .uniqueConstraint : .createIndex,
            isPartial: partial, columns: columns, hasDescendingColumn: descending)
    }
}

/// A foreign key, from `pg_constraint`.
struct CatalogForeignKey: Decodable {
    var table: String
    var target: String
    var columns: [String]
    var targetColumns: [String]
    /// `confdeltype`/`confupdtype`: `a` no action, `r` restrict, `c` cascade, `n` set null, `d` set default.
    var onDelete: String
    var onUpdate: String

    var live: LiveForeignKey {
        LiveForeignKey(
            targetTable: target, columns: columns, targetColumns: targetColumns,
            onDelete: Self.action(onDelete), onUpdate: Self.action(onUpdate))
    }

    /// The action in `PRAGMA foreign_key_list`'s words, which the relation stage reads.
    private static func action(_ code: String) -> String {
        ["r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"][code] ?? "NO ACTION"
    }
}
#endif
