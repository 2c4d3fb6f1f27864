import BuiltProducts
import Foundation
import TerminalIO
import Testing

@testable import HomeNapkin

/// The three programs' one rule for arguments (TerminalIO): one that is not UTF-8 is refused,
/// never changed, and every message echoes an argument cut to the same length.
@MainActor
@Suite struct HomeNapkinArgumentRuleTests {
  /// Where an argument of 120,000 scalars goes: `HUGE` is 120,000 `x`, `ACCENTED` one character
  /// of as many scalars (an `e` and its combining accents), which a cut counted in characters
  /// would keep whole. The placeholders keep the test's name short in reports.
  @Test(arguments: [
    ["--open", "HUGE"], ["--snapshot", "/nonexistent/ACCENTED"],
    ["--snapshot", "/nonexistent/HUGE"],
    ["HUGE"], ["ACCENTED"],
  ])
  func everyRefusalEchoesTheArgumentCutToOneLength(template: [String]) {
    let huge = String(repeating: "x", count: 120_000)
    let accented = "e" + String(repeating: "\u{301}", count: 119_999)
    let arguments = template.map {
      $0.replacingOccurrences(of: "HUGE", with: huge)
        .replacingOccurrences(of: "ACCENTED", with: accented)
    }
    do {
      _ = try HomeNapkinApp.Options(arguments)
      Issue.record("\(template) was accepted")
    } catch {
      #expect(error.description.contains("…"))
      #expect(
        error.description.utf8.count < 1_000,
        "\(error.description.utf8.count) bytes: \(error.description.prefix(200))")
    }
  }

  #if os(macOS) || os(Linux) || os(Windows)
    @Test func anArgumentThatIsNotUTF8IsRefusedWithStatus64NotChanged() throws {
      // Before the rule, `tree-caf\xE9.json` became `tree-caf\u{FFFD}.json`: a file the user
      // did not name was written, and the program exited 0.
      let folder = FileManager.default.temporaryDirectory
        .appending(path: "napkin-raw-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      defer { try? FileManager.default.removeItem(at: folder) }
      let run = try BuiltProduct.run(
        URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          "-c", #"exec "$0" --snapshot "$1/$(printf 'tree-caf\351.json')""#,
          try BuiltProduct.locate("HomeNapkin").path, folder.path,
        ])
      #expect(run.reason == .exit)
      #expect(run.status == 64)
      #expect(run.standardError.contains("argument 2 is not valid UTF-8"), "\(run.standardError)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  #endif
}
