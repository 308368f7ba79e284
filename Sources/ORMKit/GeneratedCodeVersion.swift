/// Marks the version of the contract between `ormgen` output and this runtime.
///
/// Every generated file references this type. Code generated for another runtime references another
/// marker and fails to compile against this one, instead of misbehaving at run time. Regenerate with the
/// `ormgen` that matches your ORMKit version.
///
/// Version 2: fields declare their storage (`ColumnSchema.storage`, `StoredColumn`, `row.decode(at:as:)`), and a
/// `Date` without one is stored as REAL seconds since 2001. Code generated for version 1 does not say which
/// columns hold such dates, so `migrate` could not convert a version-1 database: it no longer compiles.
public enum ORMKitGeneratedCodeVersion_2 {}
