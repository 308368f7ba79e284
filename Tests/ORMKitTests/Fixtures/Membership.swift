// A composite-key join model, as `ormgen` renders one: a nested `PrimaryKey` struct, no `Identifiable`.

import Foundation
import ORMKit

private typealias _ORMKitGeneratedCodeVersion = ORMKit.ORMKitGeneratedCodeVersion_4

struct Membership: Swift.Sendable, Swift.Hashable {
    struct PrimaryKey: Swift.Hashable, Swift.Sendable {
        var userId: Swift.Int64
        var groupName: Swift.String
    }

    var userId: Swift.Int64
    var groupName: Swift.String
    var role: Swift.String

    var key: PrimaryKey { PrimaryKey(userId: self.userId, groupName: self.groupName) }
}

extension Membership: ORMKit.Record {
    static let schema = ORMKit.TableSchema(
        name: "memberships",
        columns: [
            ORMKit.ColumnSchema(name: "role", type: "TEXT", kind: .text, isNullable: false),
            ORMKit.ColumnSchema(name: "user_id", type: "INTEGER", kind: .integer, isNullable: false),
            ORMKit.ColumnSchema(name: "group_name", type: "TEXT", kind: .text, isNullable: false),
        ],
        primaryKey: ["user_id", "group_name"],
        isAutoIncrement: false
    )

    init(row: ORMKit.Row) throws {
        try self.init(decoding: row)
    }

    init(row: ORMKit.WireRow) throws {
        try self.init(decoding: row)
    }

    @inline(__always)
    private init(decoding row: some ORMKit.RowDecoder) throws {
        self.role = try row.decode(at: 0)
        self.userId = try row.decode(at: 1)
        self.groupName = try row.decode(at: 2)
    }

    func encode(to encoder: inout ORMKit.RecordEncoder) throws {
        try encodeColumns(to: &encoder)
    }

    func encode(to encoder: inout ORMKit.WireEncoder) throws {
        try encodeColumns(to: &encoder)
    }

    @inline(__always)
    private func encodeColumns(to encoder: inout some ORMKit.RowEncoder) throws {
        try encoder.encode(self.role)
        try encoder.encode(self.userId)
        try encoder.encode(self.groupName)
    }

    static func encode(key: PrimaryKey, to encoder: inout ORMKit.RecordEncoder) throws {
        try encodeKey(key, to: &encoder)
    }

    static func encode(key: PrimaryKey, to encoder: inout ORMKit.WireEncoder) throws {
        try encodeKey(key, to: &encoder)
    }

    @inline(__always)
    private static func encodeKey(_ key: PrimaryKey, to encoder: inout some ORMKit.RowEncoder) throws {
        try encoder.encode(key.userId)
        try encoder.encode(key.groupName)
    }
}

extension Membership {
    enum Columns {
        static let role = ORMKit.Column<Swift.String>("role", table: "memberships")
        static let userId = ORMKit.Column<Swift.Int64>("user_id", table: "memberships")
        static let groupName = ORMKit.Column<Swift.String>("group_name", table: "memberships")
    }
}
