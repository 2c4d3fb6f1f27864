import NotebookStorage
import TerminalIO
import Testing

@testable import Notebook

/// The three programs' one rule for arguments (TerminalIO): every message echoes an argument cut
/// to the same length (`CommandLineTests` shows the refusal of one that is not UTF-8).
@Suite struct NotebookArgumentRuleTests {
  /// An argument of 120,000 characters: before the rule, these messages echoed it whole.
  static let huge = String(repeating: "x", count: 120_000)
  static let echo = String(repeating: "x", count: TerminalText.echoLimit) + "…"

  @Test func anUnknownCommandIsEchoedCutToOneLength() throws {
    let error = try #require(throws: UsageError.self) { try Invocation.parse([Self.huge]) }
    #expect(error.description.contains("unknown command \"\(Self.echo)\""))
    #expect(error.description.utf8.count < 1_000)
  }

  @Test(arguments: [
    NotebookError.noSuchNote(id: huge, notebook: "work"),
    NotebookError.noSuchNotebook(huge),
    NotebookError.invalidName(huge, reason: "it is too long"),
    NotebookError.remoteMissing(huge),
    NotebookError.remoteIsLocal(huge),
  ])
  func aMessageNamingAnArgumentEchoesItCutToOneLength(error: NotebookError) {
    #expect(error.description.contains(Self.echo))
    #expect(
      error.description.utf8.count < 1_000,
      "\(error.description.utf8.count) bytes: \(error.description.prefix(200))")
  }
}
