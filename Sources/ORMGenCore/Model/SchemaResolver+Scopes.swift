extension SchemaResolver {
    /// Resolves every model's `scopes:` and `defaultScope:` once its fields, columns and relations are known:
    /// names that no generated or runtime member takes, fields that exist and are stored, comparisons their type
    /// supports, values of the field's type, parameters (`$name`) typed by the field.
    mutating func resolveScopes() {
        for model in sortedModelNames {
            guard var draft = drafts[model] else { continue }
            draft.scopes = draft.declaration.scopes.compactMap { declaration in
                guard checkScopeName(declaration.name, of: draft) else { return nil }
                return resolveScope(declaration, of: draft, allowsParameters: true)
            }
            draft.defaultScope = draft.declaration.defaultScope.flatMap { resolveScope($0, of: draft, allowsParameters: false) }
            draft.softDeleteColumn = draft.declaration.softDelete.flatMap { resolveSoftDelete($0, of: draft) }
            if let member = draft.softDeleteColumn, let column = draft.columns.first(where: { $0.memberName == member }) {
                makeUniquesLiveOnly(&draft, softDeleteColumn: column.name)
            }
            drafts[model] = draft
        }
    }

    /// A soft-deleted row keeps its values, so uniqueness holds for live rows only: each `UNIQUE` column becomes a
    /// unique index `WHERE deleted_at IS NULL` (`<table>_<column>_live`), and each unique index gets that clause.
    private func makeUniquesLiveOnly(_ draft: inout ModelDraft, softDeleteColumn: String) {
        for position in draft.columns.indices where draft.columns[position].definition.isUnique {
            draft.columns[position].definition.isUnique = false
            let column = draft.columns[position].name
            draft.indexes.append(Index(
                name: draft.tableName + "_" + column + "_live", table: draft.tableName, columns: [column], isUnique: true,
                location: draft.columns[position].definition.location))
        }
        for position in draft.indexes.indices where draft.indexes[position].isUnique {
            draft.indexes[position].onlyWhereNull = softDeleteColumn
        }
    }

    /// The `Columns` member of the field `softDelete:` names: a stored `Date?` field.
    private mutating func resolveSoftDelete(_ name: Located<String>, of draft: ModelDraft) -> String? {
        guard let index = draft.fieldIndex(named: name.value) else {
            if draft.declaresUnresolvedField(name.value) { return nil }
            diagnostics.error(
                "softDelete of '\(draft.name)' names '\(name.value)', which is not a field of '\(draft.name)'; declare it: `\(name.value): Date?`"
                    + Suggestion.didYouMean(name.value, among: draft.fields.map(\.name)),
                at: name.location)
            return nil
        }
        let field = draft.fields[index]
        guard case .scalar(.date) = field.type, field.isOptional, !field.isTransient, field.defaultValue == nil,
            let column = draft.columns.first(where: { $0.fieldIndex == index && $0.subfield == nil }), !draft.keyIndexes.contains(index)
        else {
            diagnostics.error(
                "softDelete of '\(draft.name)' names '\(name.value)', which must be a stored `Date?` field without a default (nil while the row is live)",
                at: name.location)
            return nil
        }
        return column.memberName
    }

    /// Whether `name` can be a scope of `draft`: an identifier that is no keyword, field, column, relation, record or
    /// query member (YAML already refuses a key twice in one mapping).
    private mutating func checkScopeName(_ name: Located<String>, of draft: ModelDraft) -> Bool {
        let what = "scope '\(draft.name).\(name.value)'"
        guard Naming.isIdentifier(name.value), !Naming.swiftKeywords.contains(name.value) else {
            diagnostics.error(
                "'\(name.value)' is not a valid scope name; use letters, digits and underscores, starting with a letter, and no Swift keyword",
                at: name.location)
            return false
        }
        let members = Set(draft.fields.map(\.swiftName) + draft.columns.map(\.memberName) + draft.relations.map(\.name))
        if members.contains(name.value) {
            diagnostics.error("\(what) has the name of a field, column or relation of '\(draft.name)'; rename the scope", at: name.location)
            return false
        }
        if Naming.queryAPINames.contains(name.value) {
            diagnostics.error(
                "\(what) has the name of a method of records or queries ('\(name.value)'); rename the scope", at: name.location)
            return false
        }
        return true
    }

    private mutating func resolveScope(_ declaration: ScopeDeclaration, of draft: ModelDraft, allowsParameters: Bool) -> ScopeModel? {
        let what = allowsParameters ? "scope '\(draft.name).\(declaration.name.value)'" : "the default scope of '\(draft.name)'"
        var parameters: [ScopeModel.Parameter] = []
        var conditions: [String] = []
        var summary: [String] = []
        var failed = false
        for condition in declaration.conditions {
            guard let resolved = resolveCondition(condition, in: draft, what: what, allowsParameters: allowsParameters) else {
                failed = true
                continue
            }
            conditions.append(resolved.swift)
            summary.append(resolved.summary)
            guard let parameter = resolved.parameter else { continue }
            if let earlier = parameters.first(where: { $0.name == parameter.name }) {
                guard earlier.swiftType == parameter.swiftType else {
                    diagnostics.error(
                        "parameter '$\(parameter.name)' of \(what) is a \(earlier.swiftType) and a \(parameter.swiftType); name them apart",
                        at: condition.operand.location)
                    failed = true
                    continue
                }
            } else {
                parameters.append(parameter)
            }
        }
        guard !failed, !conditions.isEmpty else { return nil }
        return ScopeModel(
            name: declaration.name.value, parameters: parameters, conditions: conditions, summary: summary.joined(separator: ", "))
    }

    /// One condition as Swift (`Book.Columns.pages >= 300`), as the schema wrote it, and its parameter if it has one.
    private mutating func resolveCondition(
        _ condition: ScopeConditionDeclaration, in draft: ModelDraft, what: String, allowsParameters: Bool
    ) -> (swift: String, summary: String, parameter: ScopeModel.Parameter?)? {
        let fieldName = condition.field.value
        guard let index = draft.fieldIndex(named: fieldName) else {
            if draft.declaresUnresolvedField(fieldName) { return nil }
            diagnostics.error(
                "\(what) filters on '\(fieldName)', which is not a field of '\(draft.name)'"
                    + Suggestion.didYouMean(fieldName, among: draft.fields.map(\.name)),
                at: condition.field.location)
            return nil
        }
        let field = draft.fields[index]
        guard !field.isTransient, let column = draft.columns.first(where: { $0.fieldIndex == index && $0.subfield == nil }) else {
            diagnostics.error("\(what) filters on '\(fieldName)', which is not stored (transient or embedded); filter on a stored field", at: condition.field.location)
            return nil
        }
        let valueType: String
        switch field.type {
        case let .scalar(scalar): valueType = scalar.swiftName
        case let .enumeration(enumType): valueType = "\(Naming.swift(draft.name)).\(enumType.typeName)"
        case .json, .embedded, .converter:
            diagnostics.error(
                "\(what) filters on '\(fieldName)', a \(LiteralConverter.typeDescription(field.type)) field; scopes compare scalar and enum fields",
                at: condition.field.location)
            return nil
        }
        let comparison = condition.comparison.value
        if ["<", "<=", ">", ">="].contains(comparison), case .scalar(.decimal) = field.type,
            field.storage.map({ $0.kind == .text }) ?? true
        {
            diagnostics.error(
                "\(what) orders '\(fieldName)', a Decimal stored as TEXT, which SQL does not sort by value; compare with == or !=, or declare `storage: real` or `scale:`",
                at: condition.comparison.location)
            return nil
        }
        let columnExpression = "\(Naming.swift(draft.name)).Columns.\(Naming.swift(column.memberName))"
        let isList = comparison == "in" || comparison == "notIn"
        let summary = "\(fieldName) \(comparison) \(Self.describe(condition.operand.value))"

        if let parameter = Self.parameterName(condition.operand.value) {
            guard Naming.isIdentifier(parameter) else {
                diagnostics.error(
                    "'$\(parameter)' in \(what) is not a parameter name (letters, digits and underscores after '$'); quote a text that starts with '$'",
                    at: condition.operand.location)
                return nil
            }
            guard allowsParameters else {
                diagnostics.error(
                    "\(what) cannot take parameters ('$\(parameter)'): it applies to every read; use a value, or declare a named scope",
                    at: condition.operand.location)
                return nil
            }
            let swiftType = isList ? "[\(valueType)]" : valueType
            let argument = Naming.swift(parameter)
            let swift = isList
                ? "\(columnExpression).\(Naming.swift(comparison))(\(argument)\(field.isOptional ? ".map { Swift.Optional($0) }" : ""))"
                : "\(columnExpression) \(comparison) \(argument)"
            return (swift, summary, ScopeModel.Parameter(name: parameter, swiftType: swiftType))
        }

        if isList {
            guard case let .sequence(elements) = condition.operand.value else {
                diagnostics.error("\(what) compares '\(fieldName)' with '\(comparison)', which needs a list: `[a, b]`", at: condition.operand.location)
                return nil
            }
            var values: [String] = []
            for element in elements {
                guard let value = literal(element, for: field, path: "\(draft.name).\(fieldName)", what: what) else { return nil }
                values.append(value)
            }
            return ("\(columnExpression).\(Naming.swift(comparison))([\(values.joined(separator: ", "))])", summary, nil)
        }
        if case let .scalar(scalar) = condition.operand.value, scalar.isNull {
            guard comparison == "==" || comparison == "!=" else {
                diagnostics.error("\(what) compares '\(fieldName)' with null using '\(comparison)'; only == and != compare with null", at: condition.operand.location)
                return nil
            }
            guard field.isOptional else {
                diagnostics.error("\(what) compares '\(fieldName)' with null, but the field is not optional", at: condition.operand.location)
                return nil
            }
            return ("\(columnExpression) \(comparison) nil", summary, nil)
        }
        guard let value = literal(condition.operand, for: field, path: "\(draft.name).\(fieldName)", what: what) else { return nil }
        return ("\(columnExpression) \(comparison) \(value)", summary, nil)
    }

    /// A value of the field's type as Swift, or nil after reporting why it does not fit.
    private mutating func literal(
        _ value: Located<LiteralValue>, for field: Field, path: String, what: String
    ) -> String? {
        guard case let .scalar(scalar) = value.value, !scalar.isNull else {
            diagnostics.error("\(what) compares '\(field.name)' with something that is not a single value", at: value.location)
            return nil
        }
        switch LiteralConverter.defaultValue(value.value, for: field, path: path) {
        case let .success(converted):
            return converted.swift
        case .failure:
            var message = "\(what) compares '\(field.name)' with '\(scalar.text)', which does not fit its type '\(LiteralConverter.typeDescription(field.type))'"
            if case let .enumeration(enumType) = field.type {
                let cases = enumType.cases.map(\.name)
                message += " (\(cases.joined(separator: ", ")))" + Suggestion.didYouMean(scalar.text, among: cases)
            }
            diagnostics.error(message, at: value.location)
            return nil
        }
    }

    /// `name` for an unquoted `$name` (a parameter; quoted, it is text).
    private static func parameterName(_ value: LiteralValue) -> String? {
        guard case let .scalar(scalar) = value, !scalar.isQuoted, scalar.text.hasPrefix("$") else { return nil }
        return String(scalar.text.dropFirst())
    }

    /// A value as the schema writes it, for a doc comment.
    private static func describe(_ value: LiteralValue) -> String {
        switch value {
        case let .scalar(scalar): scalar.isNull ? "null" : scalar.text
        case let .sequence(elements): "[" + elements.map { describe($0.value) }.joined(separator: ", ") + "]"
        case .mapping: "{…}"
        }
    }
}
