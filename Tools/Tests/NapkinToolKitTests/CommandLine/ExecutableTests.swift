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
    #expect(result.errors.contains("Error: The value 'svg' is invalid for '--format <format>'"))
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

  @Test func bidirectionalControlsInAPathAreShownNotSent() throws {
    let scratch = try ScratchFolder()
    try scratch.write(
      "Good\u{202E}tfiws.\u{2066}x\u{2069}.swift", "final class C: EmptyComponent { var n = 0 }\n")
    let result = try NapkinProcess.run(["lint", scratch.path])
    #expect(result.status == 1)
    for control in ["\u{202E}", "\u{2066}", "\u{2069}"] {
      #expect(!result.output.contains(control))
    }
    #expect(result.output.contains(#"Good\u{202E}tfiws.\u{2066}x\u{2069}.swift:1:33: stored-var"#))
  }
}

/// A result that cannot be written is reported, and the process ends with status 1.
struct WriteFailureTests {
  @Test func aFullStandardOutputIsReportedNotACrash() throws {
    let result = try NapkinProcess.run(
      ["graph", Paths.fixture("CleanTree")], standardOutput: "/dev/full")
    #expect(result.status == 1)
    #expect(result.errors.contains("napkin: error: cannot write the output: No space left"))
    #expect(!result.errors.contains("Fatal error"))
  }

  @Test func aReaderGoneWithSIGPIPEIgnoredIsReportedNotACrash() throws {
    // The shell ignores SIGPIPE for napkin, which inherits it; `true` reads nothing and exits.
    let napkin = NapkinProcess.executable.path
    let result = try NapkinProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      [
        "-c",
        "trap '' PIPE; sleep 0.2 | true; (sleep 0.5; '\(napkin)' graph --format html '"
          + Paths.fixture("CleanTree") + "'; echo \"status $?\" >&2) | true",
      ])
    #expect(result.errors.contains("status 1"), "\(result.errors)")
    #expect(result.errors.contains("napkin: error: cannot write the output: Broken pipe"))
    #expect(!result.errors.contains("Fatal error"))
  }
}
