import Foundation
import ORMGenCore

/// Everything the CLI says goes to standard error, one line each.
package enum DiagnosticPrinter {
    package static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { write(diagnostic.description) }
    }

    /// `ormgen: <what happened> (N errors, M warnings)` unless quiet.
    package static func summary(_ text: String, diagnostics: [Diagnostic], quiet: Bool) {
        guard !quiet else { return }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var counts: [String] = []
        if errors > 0 { counts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { counts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        write("ormgen: \(text)" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))"))
    }

    /// `ormgen: note: <message>` for what a command skipped or guessed.
    package static func note(_ message: String) {
        write("ormgen: note: \(message)")
    }

    /// `ormgen: error: <message>` for problems outside any schema file.
    package static func fail(_ message: String) {
        write("ormgen: error: \(message)")
    }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
