import Testing

@testable import HomeNapkin

@Suite struct CommandTests {
  @Test(arguments: [
    ("login alice", Command.Parsed.command(.login(name: "alice"))),
    ("  LOGIN   bob  ", .command(.login(name: "bob"))),
    ("login", .command(.login(name: ""))),
    ("logout", .command(.logout)),
    ("profile", .command(.profile)),
    ("Settings", .command(.settings)),
    ("back", .command(.back)),
    ("tree", .command(.tree)),
    ("tree --json", .command(.treeJSON)),
    ("help", .command(.help)),
    ("quit", .command(.quit)),
    ("exit", .command(.quit)),
    ("", .blank),
    ("   ", .blank),
    ("profile now", .unknown("profile now")),
    ("fly", .unknown("fly")),
  ])
  func linesParseToCommands(line: String, parsed: Command.Parsed) {
    #expect(Command.parse(line) == parsed)
  }
}
