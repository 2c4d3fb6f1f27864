import Foundation
import Testing

/// The built `napkin` executable end to end: exit statuses, standard output and standard error.
struct ExecutableTests {
  @Test func lintFindingsGoToStandardOutputWithStatusOne() throws {
    let result = try NapkinProcess.run(["lint", Paths.fixture("UnusedPassThrough/Found")])
    #expect(result.status == 1)
    #expect(result.output.contains("HomeComponent.swift:9:7: unused-pass-through: "))
    #expect(result.output.contains("    fix: remove it"))
    #expect(result.errors.isEmpty)
  }

  @Test func graphOfACleanTreeSucceeds() throws {
    let result = try NapkinProcess.run(
      ["graph", "--format", "mermaid", "CleanTree"], in: Paths.fixtures)
    #expect(result.status == 0)
    #expect(result.output.contains("  n0 -->|ProfileDependency| n2"))
  }

  @Test func problemsGoToStandardErrorWithStatusThree() throws {
    let scratch = try ScratchFolder()
    let result = try NapkinProcess.run(["lint", scratch.path])
    #expect(result.status == 3)
    #expect(result.errors.contains("\(scratch.path): error: no Swift files here"))
    #expect(result.output == "No findings in 0 files.\n")
  }

  @Test func aUsageErrorExitsWithTwo() throws {
    let result = try NapkinProcess.run(["graph", "--format", "svg"])
    #expect(result.status == 2)
    #expect(result.errors.contains("napkin: error: unknown format 'svg'"))
  }

  @Test func sourceCanBePipedIn() throws {
    let result = try NapkinProcess.run(
      ["lint", "-"], input: "final class PipedComponent: EmptyComponent { var n = 0 }\n")
    #expect(result.status == 1)
    #expect(result.output.hasPrefix("<stdin>:1:46: stored-var: "))
  }

  @Test func helpSucceeds() throws {
    let result = try NapkinProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("Exit status: 0 done, 1 lint found something"))
  }
}

/// Names from outside reach the terminal as text, never as control sequences.
struct TerminalEscapeTests {
  @Test func controlCharactersInAPathAreShownNotSent() throws {
    let scratch = try ScratchFolder()
    try scratch.write(
      "Evil\u{1B}]0;owned\u{07}.swift", "final class C: EmptyComponent { var n = 0 }\n")
    let result = try NapkinProcess.run(["lint", scratch.path])
    #expect(result.status == 1)
    #expect(!result.output.contains("\u{1B}"))
    #expect(!result.output.contains("\u{07}"))
    #expect(result.output.contains(#"Evil\u{1B}]0;owned\u{7}.swift:1:33: stored-var"#))
  }
}
