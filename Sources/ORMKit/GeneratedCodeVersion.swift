/// Marks the version of the contract between `ormgen` output and this runtime.
///
/// Every generated file references this type. Code generated for another runtime references another
/// marker and fails to compile against this one, instead of misbehaving at run time. Regenerate with the
/// `ormgen` that matches your ORMKit version.
///
/// Version 4: the schema is engine-neutral: each `ColumnSchema` says what it holds (`ColumnKind`) and carries
/// its default in both value forms (`ColumnDefault`); every engine derives its DDL from these through its
/// `SchemaDialect`, so no generated file holds DDL and a new engine changes no generated code. Seed rows carry
/// `values` and `wireValues`.
///
/// Version 3: records decode and encode through ``RowDecoder`` and ``RowEncoder`` with one witness per engine
/// (`init(row: Row)` and `init(row: WireRow)`, `encode(to: inout RecordEncoder)` and
/// `encode(to: inout WireEncoder)`), and the schema carries each table's PostgreSQL DDL. Code generated for
/// version 2 has no PostgreSQL side.
///
/// Version 2: fields declare their storage (`ColumnSchema.storage`, `StoredColumn`, `row.decode(at:as:)`), and a
/// `Date` without one is stored as REAL seconds since 2001.
public enum ORMKitGeneratedCodeVersion_4 {}
