/// Merges the per-file output of `Generator.generate` into one Swift file.
///
/// The build plugin must declare its output files before the generator runs, and it cannot read the
/// YAML to learn the model names; so it asks for one file with a fixed name. The merged file has one
/// header naming every source, each module imported once (sorted) at the strongest access level any
/// part needed, one generated-code version check, then each part's declarations under a `// MARK:`.
public enum SingleFileLayout {
    /// Merges `files` (in the given order) into one file called `name`.
    ///
    /// - Parameters:
    ///   - files: the files `Generator.generate` rendered; each starts with the ormgen header, its
    ///     imports and the version typealias, then its declarations.
    ///   - name: the merged file's name, for example `ORMGen.swift`.
    ///   - sources: the schema paths to name in the header, as the per-file headers name them.
    public static func merge(_ files: [GeneratedFile], into name: String, sources: [String]) -> GeneratedFile {
        var imports: [(module: String, level: ImportLevel)] = []
        var hasVersionCheck = false
        var bodies: [(part: String, lines: [Substring])] = []

        for file in files {
            let split = Part(file.contents)
            for (module, level) in split.imports {
                if let index = imports.firstIndex(where: { $0.module == module }) {
                    imports[index].level = max(imports[index].level, level)
                } else {
                    imports.append((module, level))
                }
            }
            hasVersionCheck = hasVersionCheck || split.hasVersionCheck
            let partName = file.name.hasSuffix(".swift") ? String(file.name.dropLast(6)) : file.name
            bodies.append((partName, split.body))
        }

        var writer = CodeWriter()
        writer.line("\(Generator.headerPrefix) from \(sources.joined(separator: ", ")).")
        writer.line("// swift-format-ignore-file")
        writer.line("// swiftlint:disable all")
        if !imports.isEmpty {
            writer.line()
            for (module, level) in imports.sorted(by: { $0.module < $1.module }) {
                writer.line("\(level.keyword)import \(module)")
            }
        }
        if hasVersionCheck {
            writer.line()
            writer.line(versionCheckLine)
        }
        for (part, lines) in bodies where !lines.isEmpty {
            writer.line()
            writer.line("// MARK: - \(part)")
            writer.line()
            for line in lines { writer.line(String(line)) }
        }
        return GeneratedFile(name: name, contents: writer.text)
    }

    static let versionCheckLine = "private typealias _ORMKitGeneratedCodeVersion = ORMKit.ORMKitGeneratedCodeVersion_4"

    /// An import's access level, ordered from weakest to strongest.
    enum ImportLevel: Int, Comparable {
        case plain, package, `public`

        init?(keyword: Substring) {
            switch keyword {
            case "", "internal ": self = .plain
            case "package ": self = .package
            case "public ": self = .public
            default: return nil
            }
        }

        var keyword: String {
            switch self {
            case .plain: ""
            case .package: "package "
            case .public: "public "
            }
        }

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One generated file split into its preamble (comments, imports, version check) and its body.
    struct Part {
        var imports: [(String, ImportLevel)] = []
        var hasVersionCheck = false
        var body: [Substring] = []

        init(_ contents: String) {
            var lines = contents.split(separator: "\n", omittingEmptySubsequences: false)[...]
            while let line = lines.first {
                if line == SingleFileLayout.versionCheckLine {
                    hasVersionCheck = true
                } else if let (module, level) = Self.parseImport(line) {
                    imports.append((module, level))
                } else if !(line.isEmpty || Self.isHeaderComment(line)) {
                    break
                }
                lines = lines.dropFirst()
            }
            while let last = lines.last, last.isEmpty { lines = lines.dropLast() }
            body = Array(lines)
        }

        /// The three comment lines every generated file starts with.
        static func isHeaderComment(_ line: Substring) -> Bool {
            line.hasPrefix(Generator.headerPrefix) || line == "// swift-format-ignore-file"
                || line == "// swiftlint:disable all"
        }

        /// `public import Foundation` → (`Foundation`, `.public`); nil for any other line.
        static func parseImport(_ line: Substring) -> (String, ImportLevel)? {
            guard let range = line.range(of: "import ") else { return nil }
            let module = line[range.upperBound...]
            guard let level = ImportLevel(keyword: line[..<range.lowerBound]), !module.isEmpty,
                module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return nil }
            return (String(module), level)
        }
    }
}
