/// Collects diagnostics while a stage runs; stages keep going after an error so one run reports everything.
struct DiagnosticBag {
    private(set) var all: [Diagnostic] = []

    var hasErrors: Bool { all.contains { $0.severity == .error } }

    mutating func error(_ message: String, at location: SchemaLocation) {
        all.append(Diagnostic(.error, message, at: location))
    }

    mutating func warning(_ message: String, at location: SchemaLocation) {
        all.append(Diagnostic(.warning, message, at: location))
    }

    mutating func note(_ message: String, at location: SchemaLocation) {
        all.append(Diagnostic(.note, message, at: location))
    }

    mutating func append(contentsOf other: [Diagnostic]) {
        all.append(contentsOf: other)
    }

    /// The diagnostics sorted by location; duplicates (same text, same place) removed.
    var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return all.sorted().filter { seen.insert($0).inserted }
    }
}
