/// The load stage: every input file, in path order, composed and read into one merged `SchemaDocument`.
enum SchemaLoader {
    /// The merged document, the diagnostics, and whether every file was well-formed YAML (semantic checks
    /// are skipped otherwise: a model in a broken file would show up as "unknown" everywhere else).
    static func load(_ inputs: [SchemaInput]) -> (SchemaDocument, [Diagnostic], isWellFormed: Bool) {
        var isWellFormed = true
        var document = SchemaDocument()
        var diagnostics = DiagnosticBag()
        for input in inputs.sorted(by: { $0.path < $1.path }) {
            let errorsBefore = diagnostics.all.count
            guard let root = YAMLLoader.load(input, into: &diagnostics) else {
                if diagnostics.all.count > errorsBefore {
                    isWellFormed = false
                } else {
                    diagnostics.append(contentsOf: DocumentReader.read(nil, path: input.path, into: &document))
                }
                continue
            }
            diagnostics.append(contentsOf: DocumentReader.read(root, path: input.path, into: &document))
        }
        return (document, diagnostics.all, isWellFormed)
    }
}
