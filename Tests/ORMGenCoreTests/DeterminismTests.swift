import ORMGenCore
import Testing

@Suite("Determinism")
struct DeterminismTests {
    @Test func twoRunsAreByteIdentical() throws {
        let inputs = try ExampleSchema.inputs()
        let first = Generator.generate(inputs: inputs)
        let second = Generator.generate(inputs: inputs)
        #expect(!first.files.isEmpty)
        #expect(first.files == second.files)
        #expect(first.diagnostics == second.diagnostics)
    }

    @Test func inputOrderDoesNotMatter() throws {
        let inputs = try ExampleSchema.inputs()
        let expected = Generator.generate(inputs: inputs)
        for rotation in 1..<inputs.count {
            let shuffled = Array(inputs[rotation...] + inputs[..<rotation]).reversed()
            let result = Generator.generate(inputs: Array(shuffled))
            #expect(result.files == expected.files, "rotation \(rotation)")
            #expect(result.diagnostics == expected.diagnostics, "rotation \(rotation)")
        }
    }

    @Test func outputIsSortedWithUnixNewlinesAndAFinalNewline() throws {
        let result = Generator.generate(inputs: try ExampleSchema.inputs())
        #expect(result.files.map(\.name) == result.files.map(\.name).sorted())
        for file in result.files {
            #expect(file.contents.hasSuffix("}\n"), "\(file.name)")
            #expect(!file.contents.contains("\r"), "\(file.name)")
            #expect(!file.contents.contains("\t"), "\(file.name)")
            #expect(!file.contents.contains(" \n"), "\(file.name) has trailing spaces")
            #expect(file.contents.hasPrefix(Generator.headerPrefix + " from schema/"), "\(file.name)")
            #expect(!file.contents.contains("/work/"), "\(file.name) names an absolute path")
        }
    }
}
