import ArgumentParser
import ORMGenCore

/// `--dialect sqlite|postgresql` of `ormgen sql` and `ormgen diff`.
enum DialectOption: String, ExpressibleByArgument, CaseIterable {
    case sqlite, postgresql

    var dialect: SQLDialect {
        switch self {
        case .sqlite: .sqlite
        case .postgresql: .postgresql
        }
    }
}
