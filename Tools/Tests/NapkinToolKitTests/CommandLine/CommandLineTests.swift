import Foundation
import Testing

@testable import NapkinToolKit

/// The command line in process: arguments, help and exit statuses.
struct CommandLineTests {
  @Test func helpListsTheCommandsAndSucceeds() {
    for arguments in [["--help"], ["-h"], ["help"]] {
      var console = RecordingConsole()
      #expect(NapkinCommandLine.run(arguments, console: &console) == .success)
      #expect(console.output.contains("USAGE: napkin <subcommand>"))
      #expect(console.output.contains("graph"))
    }
  }

  @Test func eachCommandHasItsOwnHelp() {
    #expect(run("graph", "--help").1.output.contains("USAGE: napkin graph [<PATH> ...]"))
    #expect(run("lint", "-h").1.output.contains("USAGE: napkin lint [<PATH> ...]"))
    #expect(
      run("new", "--help").1.output.contains("USAGE: napkin new [<Name>] [--parent <Parent>]"))
    #expect(run("help", "lint").1.output.contains("USAGE: napkin lint"))
  }

  @Test func noArgumentsPrintsTheUsageAsAnError() {
    let (status, console) = run()
    #expect(status == .usage)
    #expect(console.errors.contains("USAGE: napkin <subcommand>"))
  }

  @Test func anUnknownCommandIsAUsageError() {
    let (status, console) = run("draw")
    #expect(status == .usage)
    #expect(console.errors.contains("unknown command 'draw'"))
  }

  @Test func anUnknownOptionOrFormatIsAUsageError() {
    let (optionStatus, optionConsole) = run("graph", "--colour")
    #expect(optionStatus == .usage)
    #expect(optionConsole.errors.contains("Error: Unknown option '--colour'"))
    #expect(optionConsole.errors.contains("See 'napkin graph --help'"))
    let (formatStatus, formatConsole) = run("lint", "--format=dot")
    #expect(formatStatus == .usage)
    #expect(
      formatConsole.errors.contains(
        "The value 'dot' is invalid for '--format <format>'. "
          + "Please provide one of 'text', 'json' or 'diagnostics'."))
    let (valueStatus, valueConsole) = run("graph", "--format")
    #expect(valueStatus == .usage)
    #expect(valueConsole.errors.contains("Missing value for '--format <format>'"))
  }

  @Test func argumentParserWritesShellCompletions() {
    let (status, console) = run("--generate-completion-script", "zsh")
    #expect(status == .success)
    #expect(console.output.hasPrefix("#compdef napkin"))
    #expect(console.output.contains("graph"))
  }

  @Test func aRepeatedOptionIsAUsageError() {
    let (status, console) = run(
      "lint", "--format", "json", "--format=text", Paths.fixture("CleanTree"))
    #expect(status == .usage)
    #expect(console.errors.contains("Error: '--format' was given more than once"))
    #expect(console.output.isEmpty)
  }

  @Test(arguments: [
    ["new", "Badge", "--parent", "Home", "--view-protocol", "A", "--view-protocol", "B"],
    ["graph", "--format", "html", "--snapshot", "a.json", "--snapshot=b.json"],
  ])
  func everySingleValuedOptionGivenTwiceIsAUsageError(arguments: [String]) {
    let (status, console) = run(arguments)
    #expect(status == .usage)
    #expect(console.errors.contains("was given more than once; give it once"))
    #expect(console.output.isEmpty)
  }

  @Test func anExtraArgumentIsAUsageError() {
    let (status, console) = run("new", "Profile", "Settings", "--parent", "Home")
    #expect(status == .usage)
    #expect(console.errors.contains("Unexpected argument 'Settings'"))
  }

  @Test func lintAsDiagnosticsWritesCompilerWarningsAndSucceeds() {
    let (status, console) = run(
      "lint", "--format", "diagnostics", Paths.fixture("StoredVariable/Found"))
    #expect(status == .success)
    #expect(
      console.output.hasPrefix(
        Paths.fixture("StoredVariable/Found/CounterComponent.swift") + ":4:3: warning: "))
    #expect(console.output.split(separator: "\n").count == 3)
    #expect(console.output.contains("[stored-var]; fix: "))
  }

  @Test func lintWithFindingsExitsWithOne() {
    let (status, console) = run("lint", Paths.fixture("StoredVariable/Found"))
    #expect(status == .findings)
    #expect(console.output.hasSuffix("3 findings in 1 file.\n"))
    #expect(console.errors.isEmpty)
  }

  @Test func lintOfACleanTreeSucceeds() {
    let (status, console) = run("lint", Paths.fixture("CleanTree"))
    #expect(status == .success)
    #expect(console.output == "No findings in 6 files.\n")
  }

  @Test func lintAsJSONListsRuleFileLineAndColumn() throws {
    let (status, console) = run("lint", "--format", "json", Paths.fixture("SharedTwice/Found"))
    #expect(status == .findings)
    let object = try JSONSerialization.jsonObject(with: Data(console.output.utf8))
    let findings = try #require((object as? [String: Any])?["findings"] as? [[String: Any]])
    #expect(findings.count == 1)
    #expect(findings.first?["rule"] as? String == "shared-called-twice")
    #expect(findings.first?["line"] as? Int == 6)
    #expect(findings.first?["column"] as? Int == 12)
  }

  @Test func aMissingPathExitsWithThreeAndTheRestIsDrawn() {
    let (status, console) = run("graph", "/no/such/folder", Paths.fixture("CleanTree"))
    #expect(status == .inputProblem)
    #expect(console.errors.hasPrefix("/no/such/folder: error: no such file or directory"))
    #expect(console.output.contains("4 components, 3 edges in 6 files"))
  }

  @Test func newNeedsANameAndAParent() {
    #expect(run("new").1.errors.contains("missing the napkin's name"))
    #expect(run("new", "Profile").1.errors.contains("missing --parent"))
    #expect(run("new", "profile", "--parent", "Home").1.errors.contains("is not a napkin name"))
    #expect(run("new", "ProfileBuilder", "--parent", "Home").1.errors.contains("without 'Builder'"))
    #expect(run("new", "Home", "--parent", "Home").0 == .usage)
  }

  @Test func twoComponentsWithOneNameGetANoteButNoFailure() throws {
    let scratch = try ScratchFolder()
    try scratch.write("A/Root.swift", "final class RootComponent: EmptyComponent {}\n")
    try scratch.write("B/Root.swift", "final class RootComponent: EmptyComponent {}\n")
    let (status, console) = run("graph", scratch.path)
    #expect(status == .success)
    #expect(
      console.errors
        == "\(scratch.path)/A/Root.swift:1:13: note: 2 components are named RootComponent "
        + "(also at \(scratch.path)/B/Root.swift:1:13); the first is used. "
        + "Analyse one app at a time.\n")
  }
}
