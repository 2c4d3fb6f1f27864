import Testing

@testable import TerminalIO

/// The three programs' one argument parser: the same rules and refusals for each.
@Suite struct ArgumentsTests {
  private static let options: [Arguments.Option] = [
    .init("--dir", takes: "a directory, e.g. `--dir ~/notes`"),
    .init("--times", takes: "a number, e.g. `--times 3`"),
  ]

  private func parse(
    _ line: [String], placement: Arguments.OptionPlacement = .anywhere
  ) throws(UsageError) -> Arguments {
    try Arguments(line, program: "Tool", options: Self.options, placement: placement)
  }

  @Test func optionsTakeTheirValueAfterASpaceOrAnEqualsSignAnywhereOnTheLine() throws {
    var parsed = try parse(["list", "--dir", "a", "x", "--times=3", "-5"])
    #expect(parsed.take("--dir") == "a")
    #expect(parsed.take("--times") == "3")
    #expect(parsed.remainingPositionals() == ["list", "x", "-5"])
    #expect(!parsed.wantsHelp)
    try parsed.finish()
  }

  @Test func beforeTheCommandOptionsEndAtTheFirstPositional() throws {
    var parsed = try parse(["--dir=a", "add", "--times", "-h"], placement: .beforeTheCommand)
    #expect(parsed.take("--dir") == "a")
    #expect(!parsed.wantsHelp)
    #expect(parsed.remainingPositionals() == ["add", "--times", "-h"])
  }

  @Test func aDoubleDashEndsTheOptions() throws {
    var parsed = try parse(["--", "--dir"])
    #expect(parsed.nextPositional() == "--dir")
    #expect(parsed.take("--dir") == nil)
  }

  @Test(arguments: ["-h", "--help"])
  func helpIsAskedForWithEitherSpelling(flag: String) throws {
    #expect(try parse(["list", flag]).wantsHelp)
  }

  @Test(arguments: [
    (["--verbose"], "unknown option `--verbose`. Try `Tool --help`."),
    (["-\u{1B}[2J"], "unknown option `-\\u{1B}[2J`. Try `Tool --help`."),
    (["--dir"], "--dir needs a directory, e.g. `--dir ~/notes`."),
    (["--dir=", "list"], "--dir needs a directory, e.g. `--dir ~/notes`."),
    (["--dir", "a", "--dir=b"], "--dir is given twice; give it once."),
  ])
  func eachRefusalNamesTheArgumentAndSaysWhatToType(line: [String], message: String) {
    #expect(throws: UsageError(message)) { try parse(line) }
  }

  @Test func finishRefusesWhatTheCommandDidNotTake() throws {
    var parsed = try parse(["demo", "--times", "2"])
    _ = parsed.nextPositional()
    #expect(throws: UsageError("--times does not apply to this command. Try `Tool --help`.")) {
      try parsed.finish()
    }
    _ = parsed.take("--times")
    try parsed.finish()
    var extra = try parse(["demo", "more\u{7}"])
    _ = extra.nextPositional()
    #expect(throws: UsageError("unexpected argument `more\\u{7}`. Try `Tool --help`.")) {
      try extra.finish()
    }
  }

  @Test func anArgumentThatIsNotUTF8IsRefusedByPosition() throws {
    #expect(throws: UsageError.self) {
      try RawArguments.decoded([Array("ok".utf8), [0x61, 0xFF]], program: "Tool")
    }
    #expect(try RawArguments.decoded([Array("ok".utf8)], program: "Tool") == ["ok"])
  }

  @Test func aLostOutputTurnsSuccessIntoFailureOnly() {
    #expect(ExitCode.success.afterOutput(lost: true) == .failure)
    #expect(ExitCode.usage.afterOutput(lost: true) == .usage)
    #expect(ExitCode.success.afterOutput(lost: false) == .success)
  }
}
