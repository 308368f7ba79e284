// The schema description generated code fills, shared with the generator through ORMSchema: apps that import
// ORMKit see these types as ORMKit's.
@_exported import struct ORMSchema.ColumnSchema
@_exported import enum ORMSchema.ColumnKind
@_exported import enum ORMSchema.ColumnDefault
@_exported import struct ORMSchema.TableDefinition
@_exported import struct ORMSchema.IndexSchema
@_exported import enum ORMSchema.IndexKey
@_exported import enum ORMSchema.JSONScalarKind
@_exported import protocol ORMSchema.JSONSyntax
@_exported import struct ORMSchema.SQLiteJSON
@_exported import struct ORMSchema.PostgreSQLJSON
@_exported import struct ORMSchema.SearchSchema
@_exported import struct ORMSchema.SnippetStyle
@_exported import protocol ORMSchema.FullTextSyntax
@_exported import struct ORMSchema.SQLiteFullText
@_exported import struct ORMSchema.PostgreSQLFullText
@_exported import struct ORMSchema.ForeignKeySchema
@_exported import enum ORMSchema.ForeignKeyAction
@_exported import enum ORMSchema.DatabaseValue
@_exported import enum ORMSchema.WireValue
@_exported import protocol ORMSchema.SchemaDialect
@_exported import struct ORMSchema.SQLiteDDL
@_exported import struct ORMSchema.PostgreSQLDDL
