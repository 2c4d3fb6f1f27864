import Foundation
import Testing

@testable import NapkinToolKit

/// The tool runs over the repository's own Examples: they must parse and lint clean.
struct ExamplesTests {
  @Test func everyExampleParsesWithoutProblems() throws {
    let examples = try FileManager.default.contentsOfDirectory(atPath: Paths.examples)
    #expect(examples.contains("HomeNapkin"))
    let result = Analysis.wiring(Paths.examples)
    #expect(result.problems == [])
    #expect(!result.wiring.files.isEmpty)
  }

  @Test func theExamplesHaveNoLintFindings() {
    let findings = Analysis.findings(Paths.examples)
    #expect(findings.map { "\($0.position): \($0.rule.rawValue): \($0.message)" } == [])
  }

  @Test func everyComponentOfHomeNapkinHasAParentOrIsARoot() {
    let wiring = Analysis.wiring((Paths.examples as NSString).appendingPathComponent("HomeNapkin"))
      .wiring
    let orphans = wiring.components.filter { $0.orphanNote != nil }.map(\.name)
    #expect(orphans == [])
  }
}
