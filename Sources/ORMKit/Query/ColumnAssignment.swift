import ORMSchema

/// `"column" = value` in `updateAll`: made with `Column.set(to:)`.
public struct ColumnAssignment: Sendable {
    package let table: String
    package let column: String
    var value: SQLExpression
    /// For an expression assigned to an integer column: the range the stored value must stay in (checked by SQL,
    /// see `CheckedInteger`); nil for plain values and other columns.
    var checkedRange: ClosedRange<Int64>? = nil

    /// Fails unless `assignments` is a non-empty list of storable values for columns of `table`: what `updateAll`
    /// checks on every engine before it renders anything.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) without assignments or for a column of another table; the assignment's
    ///   refusal (`.encoding`) for a value its column's storage cannot hold.
    package static func validate(_ assignments: [ColumnAssignment], table: String) throws {
        guard !assignments.isEmpty else {
            throw DatabaseError(kind: .misuse, message: "updateAll needs at least one assignment", table: table)
        }
        for assignment in assignments {
            guard assignment.table == table else {
                throw DatabaseError(
                    kind: .misuse, message: "column \(assignment.table).\(assignment.column) is not a column of \(table)",
                    table: table, column: assignment.column
                )
            }
            // A value the column's storage cannot hold: the error an insert of it throws, before anything runs.
            if case .value(let bound) = assignment.value.node, let refusal = bound.refusal {
                throw refusal.inTable(table, column: assignment.column)
            }
        }
    }

    /// The `SET` clause of `updateAll` (`"a" = ?, "b" = ?`): assignments of paths of one JSON column become one
    /// assignment, each applied to the document the previous one left (SQL assigns a column once per statement).
    package static func setClause(_ assignments: [ColumnAssignment], renderer: inout SQLRenderer) -> String {
        var merged: [ColumnAssignment] = []
        for assignment in assignments {
            if case .jsonSetting(let target, let keys, let value) = assignment.value.node,
                let previous = merged.lastIndex(where: { $0.column == assignment.column }),
                case .jsonSetting = merged[previous].value.node, target == SQLExpression(.column(table: assignment.table, name: assignment.column)) {
                merged[previous].value = SQLExpression(.jsonSetting(target: merged[previous].value, keys: keys, value: value))
            } else {
                merged.append(assignment)
            }
        }
        return merged.map { "\(quoteIdentifier($0.column)) = \($0.renderValue(&renderer))" }.joined(separator: ", ")
    }

    /// `value` as SQL, wrapped in the range check when there is one.
    func renderValue(_ renderer: inout SQLRenderer) -> String {
        let sql = renderer.render(value)
        guard let checkedRange, !renderer.dialect.checksIntegerRanges else { return sql }
        let bounds = [DatabaseValue.integer(checkedRange.lowerBound), .integer(checkedRange.upperBound), .text("\(table).\(column)")]
            .map { renderer.render(SQLExpression.value($0)) }
        return "\(CheckedInteger.functionName)(\(sql), \(bounds.joined(separator: ", ")))"
    }
}

extension Column where Value: ColumnValue {
    /// Assigns a value: `Author.rating.set(to: 5)`.
    public func set(to value: Value) -> ColumnAssignment {
        ColumnAssignment(table: table, column: name, value: SQLExpression.value(value, storage: NativeStorage<Value>.self))
    }

    /// Assigns an expression of the same type and storage: `Author.rating.set(to: Author.rating + 1)`.
    public func set<E: TypedExpression>(to expression: E) -> ColumnAssignment where E.Value == Value, E.Storage == NativeStorage<Value> {
        ColumnAssignment(
            table: table, column: name, value: expression.sqlExpression,
            checkedRange: (Value.self as? any StoredIntegerRange.Type)?.storedRange
        )
    }
}

extension StoredColumn {
    /// Assigns a value, stored as the column stores it: `Invoice.invoiceDate.set(to: date)`. A value the storage
    /// cannot hold exactly (a date outside the years date text holds, more fraction digits than a scale) makes
    /// `updateAll` throw the error an insert of it would, before anything changes.
    public func set(to value: Value) -> ColumnAssignment {
        ColumnAssignment(table: table, column: name, value: SQLExpression.value(value, storage: Storage.self))
    }

    /// Assigns an expression with the same storage: `Invoice.paidAt.set(to: Invoice.invoiceDate)`.
    public func set<E: TypedExpression>(to expression: E) -> ColumnAssignment where E.Value == Value, E.Storage == Storage {
        ColumnAssignment(table: table, column: name, value: expression.sqlExpression)
    }
}
