import BuiltProducts
import Foundation
import TerminalIO
import Testing

@testable import Shop

/// The three programs' one rule for arguments (TerminalIO): one that is not UTF-8 is refused,
/// never changed, and every message echoes an argument cut to the same length.
@MainActor
@Suite struct ShopArgumentRuleTests {
  /// Where an argument of 120,000 characters goes (`HUGE`): before the rule, every refusal
  /// below echoed it whole. The placeholder keeps the test's name short in reports.
  @Test(arguments: [
    ["HUGE"], ["cancel", "HUGE"], ["orders", "--base-url", "HUGE"],
    ["orders", "--timeout", "HUGE"],
    ["watch", "--every", "HUGE"], ["watch", "--times", "HUGE"], ["orders", "HUGE"], ["--HUGE"],
  ])
  func everyRefusalEchoesTheArgumentCutToOneLength(template: [String]) async throws {
    let huge = String(repeating: "x", count: 120_000)
    let arguments = template.map { $0.replacingOccurrences(of: "HUGE", with: huge) }
    let terminal = RecordingTerminal()
    let status = await terminal.runner().run(arguments)
    #expect(status == .usage)
    #expect(terminal.errors.count == 1)
    let message = try #require(terminal.errors.first)
    #expect(message.contains(String(repeating: "x", count: TerminalText.echoLimit - 2) + "…"))
    #expect(message.utf8.count < 1_000, "\(message.utf8.count) bytes: \(message.prefix(200))")
  }

  #if os(macOS) || os(Linux) || os(Windows)
    @Test func anArgumentThatIsNotUTF8IsRefusedWithStatus64NotChanged() throws {
      // Before the rule, `caf\xE9` became `caf\u{FFFD}` and Shop asked the server for
      // `/caf%EF%BF%BD/orders`, a path nobody typed (here: a port where nothing listens).
      let run = try BuiltProduct.run(
        URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          "-c", #"exec "$0" orders --base-url "$(printf 'http://127.0.0.1:1/caf\351')""#,
          try BuiltProduct.locate("Shop").path,
        ])
      #expect(run.reason == .exit)
      #expect(run.status == 64)
      #expect(run.standardError.contains("argument 3 is not valid UTF-8"), "\(run.standardError)")
      #expect(!run.standardError.contains("could not be reached"))
    }
  #endif
}
