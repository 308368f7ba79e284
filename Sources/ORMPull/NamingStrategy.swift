import ORMGenCore

/// How schema names map to SQL names: the top-level `naming:` key of the pulled schema (`--naming`).
public enum NamingStrategy: String, CaseIterable, Sendable {
    /// A model's table is the model name and a field's column the field name.
    case asIs
    /// A model's table is the snake_case of its name (`BookLoan` → `book_loan`), a field's column the
    /// snake_case of the field (`nickName` → `nick_name`).
    case snakeCase = "snake_case"

    /// The model name pulled for table `table` (before collisions are resolved): a Swift type name, the
    /// UpperCamelCase of the table name under either strategy (`event_tags` → `EventTags`).
    func modelName(forTable table: String) -> String {
        PullNames.upperCamel(table)
    }

    /// The field name pulled for column `column` (before collisions are resolved).
    func fieldName(forColumn column: String) -> String {
        switch self {
        case .asIs: PullNames.identifier(column)
        case .snakeCase: PullNames.lowerCamel(column)
        }
    }

    /// The SQL name the generator derives from a model or field name when no `table:`/`column:` is given.
    func defaultSQLName(for name: String) -> String {
        switch self {
        case .asIs: name
        case .snakeCase: Naming.snakeCase(name)
        }
    }
}
