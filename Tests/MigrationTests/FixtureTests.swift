import Foundation
import Testing

@Suite struct FixtureTests {
    @Test func fixturesFolderIsBundled() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent("README.md").path))
    }
}
