/// Renders every Swift file of a schema: one per model, one per embeddable, one schema file.
struct SwiftRenderer {
    let schema: Schema
    let access: GeneratorOptions.AccessLevel

    func render() -> [GeneratedFile] {
        var files = schema.models.map { model in
            GeneratedFile(name: "\(model.name).swift", contents: renderModelFile(model))
        }
        files += schema.embeddables.map { embeddable in
            GeneratedFile(name: "\(embeddable.name).swift", contents: renderEmbeddableFile(embeddable))
        }
        files.append(GeneratedFile(name: "\(schema.name).swift", contents: renderSchemaFile()))
        return files.sorted { $0.name < $1.name }
    }

    /// `public ` / `package ` / nothing.
    var modifier: String {
        switch access {
        case .public: "public "
        case .package: "package "
        case .internal: ""
        }
    }

    /// The file header and imports; `Foundation` carries the access level only when public API uses it.
    func writeHeader(
        _ writer: inout CodeWriter, sources: [String], foundation: ImportUse, ormKit: ImportUse = .inDeclarations
    ) {
        writer.line("\(Generator.headerPrefix) from \(sources.joined(separator: ", ")).")
        writer.line("// swift-format-ignore-file")
        writer.line("// swiftlint:disable all")
        writer.line()
        for (module, use) in [("Foundation", foundation), ("ORMKit", ormKit)] {
            switch use {
            case .inDeclarations: writer.line("\(modifier)import \(module)")
            case .inImplementation: writer.line("import \(module)")
            case .none: break
            }
        }
        writer.line()
        writer.line("private typealias _ORMKitGeneratedCodeVersion = ORMKit.ORMKitGeneratedCodeVersion_4")
        writer.line()
    }

    /// Whether a module is imported with the access level (public API uses it), plainly, or not at all.
    enum ImportUse {
        case inDeclarations, inImplementation, none
    }
}
