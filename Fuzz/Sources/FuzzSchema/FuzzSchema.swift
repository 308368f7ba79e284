import ORMGenCore

/// libFuzzer's entry point: runs one input through the generator and traps when an invariant breaks.
///
/// The input is one or more schema files (see `FuzzInput`). Whatever the bytes, the generator must finish
/// (libFuzzer's `-timeout` catches hangs) and report every problem as a well-formed diagnostic
/// (`Oracle.check`); a schema it accepts must render files. Errors are expected: most inputs are not valid
/// schemas. Always returns 0 (the input may be kept in the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    FuzzSchema.run(Array(bytes))
    return 0
}

/// The fuzzing run of one input.
enum FuzzSchema {
    /// Decodes `bytes` as the CLI does, then generates (and plans a migration when the input names a previous
    /// schema), checking every result with `Oracle`.
    static func run(_ bytes: [UInt8]) {
        let text: String
        switch SchemaInput.decoding(path: "schema.yaml", bytes: bytes) {
        case let .success(input):
            text = input.contents
        case let .failure(notUTF8):
            Oracle.checkNotUTF8(notUTF8.diagnostic, bytes: bytes)
            // The text with each invalid sequence replaced by U+FFFD, which the loader must refuse too.
            text = String(decoding: bytes, as: UTF8.self)
        }

        let input = FuzzInput(text)
        let result = Generator.generate(inputs: input.current)
        Oracle.check(result.diagnostics, of: input.current)
        Oracle.check(result, of: input.current)
        if !input.previous.isEmpty {
            let plan = MigrationPlanner.plan(from: input.previous, to: input.current)
            Oracle.check(plan.diagnostics, of: input.current + input.previous)
            Oracle.expect(!plan.hasErrors || plan.sql.isEmpty, "a migration plan with errors has SQL", plan.diagnostics)
        }
    }
}
