import TerminalIO
import Testing

@testable import HomeNapkin

/// Input as a hostile or unlucky user types it: escape sequences, huge names, lost output.
@MainActor
@Suite struct HostileInputTests {
  @Test func anUnknownCommandIsEchoedWithItsControlCharactersEscaped() {
    let session = Session()

    let output = session.type("dance\u{1B}]0;owned\u{07}\u{1B}[2J\r")

    #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(output.hasPrefix("Unknown command `dance\\u{1B}]0;owned\\u{7}\\u{1B}[2J\\r`.\n"))
  }

  @Test func aLongUnknownCommandIsCutInTheMessage() {
    let session = Session()

    let output = session.type(String(repeating: "x", count: 10_000))

    #expect(
      output.hasPrefix(
        "Unknown command `\(String(repeating: "x", count: TerminalText.echoLimit))…`.\n"))
  }

  @Test func aRefusedNameIsEchoedWithItsControlCharactersEscaped() {
    let session = Session()

    let output = session.type("login al\u{1B}[31mice")

    #expect(!output.unicodeScalars.contains { $0.value == 0x1B })
    #expect(
      output.contains(
        "Error: Names are letters and digits only: `al\\u{1B}[31mice` has other characters.\n"))
  }

  @Test func oneLetterWithTwoMillionCombiningMarksIsRefusedByItsSize() {
    // One character on screen, 4 MB of UTF-8: it passed the "20 characters" check.
    let session = Session()
    let name = "a" + String(repeating: "\u{0301}", count: 2_000_000)

    let output = session.type("login \(name)")

    #expect(
      output.contains(
        "Error: Names are at most 80 bytes of UTF-8, and this one has 4000001 in 1 character: "
          + "use fewer accents or marks.\n"))
    #expect(NapkinTree.describe(session.shell.root) == "Root\n  LoggedOut\n")
  }

  @Test func twentyCharactersWithAccentsFitAndNamesAreCountedAsTheUserSeesThem() throws {
    // "é" as e + U+0301 is one character of 3 bytes: 20 of them are 60 bytes.
    let name = String(repeating: "e\u{0301}", count: 20)
    let service = UserService(server: LocalSignInServer())

    #expect(try service.signIn(name: name).name == name)
    #expect(throws: SignInError.self) {
      try service.signIn(name: name + "e\u{0301}")
    }
  }

  @Test func twentyCharactersOverEightyBytesAreRefused() {
    let name = String(repeating: "e\u{0301}\u{0301}", count: 20)  // 20 characters, 100 bytes
    let service = UserService(server: LocalSignInServer())

    #expect(
      throws: SignInError(
        description: "Names are at most 80 bytes of UTF-8, and this one has 100 in 20 characters: "
          + "use fewer accents or marks.")
    ) {
      try service.signIn(name: name)
    }
  }

  @Test func aShellWhoseOutputFailsStopsReadingAndReturnsOne() async {
    struct Full: Error {}
    let input = ScriptedInput(["login alice", "profile", "settings"])
    var writes = 0
    let shell = Shell(
      input: input,
      output: { _ in
        writes += 1
        if writes > 2 { throw Full() }
      }, echo: true, prompt: false)

    #expect(await shell.run() == .failure)
    #expect(shell.outputFailure is Full)
    #expect(await input.nextLine() == "profile")  // nothing read after the failed write
  }
}
