import Logging

/// What the environment configures: the engine (DATABASE_URL for PostgreSQL, else a SQLite file at DATABASE_PATH),
/// the address (HOST, PORT) and LOG_LEVEL.
struct Settings: Sendable {
    var databaseURL: String?
    var databasePath = "bookshop.db"
    var host = "127.0.0.1"
    var port = 8080
    var logLevel = Logger.Level.info

    /// A bad value is an error naming the variable, never a silent default.
    struct InvalidSetting: Error, CustomStringConvertible {
        var description: String
    }

    init(environment: [String: String]) throws {
        if let url = environment["DATABASE_URL"], !url.isEmpty { databaseURL = url }
        if let path = environment["DATABASE_PATH"], !path.isEmpty { databasePath = path }
        if let host = environment["HOST"], !host.isEmpty { self.host = host }
        if let text = environment["PORT"] {
            guard let port = Int(text), (0...65535).contains(port) else {
                throw InvalidSetting(description: "PORT must be a number from 0 to 65535, not '\(text)'")
            }
            self.port = port
        }
        if let text = environment["LOG_LEVEL"] {
            guard let level = Logger.Level(rawValue: text) else {
                let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                throw InvalidSetting(description: "LOG_LEVEL must be one of \(levels), not '\(text)'")
            }
            logLevel = level
        }
    }
}
