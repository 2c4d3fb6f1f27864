import Foundation
import Napkin
import TerminalSafety

/// The command line: options, then the shell on standard input.
@MainActor
enum HomeNapkinApp {
  static let usage = """
    Usage: HomeNapkin [--open profile/<name>] [--help]

    A napkin tree in the terminal: Root -> LoggedOut | LoggedIn -> Home -> Profile | Settings.
    Type commands, or pipe them in (one a line); the current screen is printed after each.
    Example: printf 'login alice\\nprofile\\ntree\\n' | swift run HomeNapkin
    --open profile/alice opens alice's profile as a deep link does: at once if she is
    signed in, or as soon as she signs in.

    """

  /// Runs the app for `arguments` (without the program name) and returns the exit status: 0, 1
  /// when the output could not be written, 64 (`EX_USAGE`) for a bad argument.
  static func main(arguments: [String]) async -> Int32 {
    if arguments == ["--help"] || arguments == ["-h"] {
      do {
        try StandardStream.output.write(usage + Command.helpText)
        return 0
      } catch {
        return lost(error)
      }
    }
    var link: DeepLink?
    var rest = arguments[...]
    if rest.first == "--open" {
      guard rest.count >= 2 else {
        try? StandardStream.error.write(
          "HomeNapkin: --open needs a link, e.g. `--open profile/alice`.\n")
        return 64  // EX_USAGE
      }
      switch DeepLink.parse(rest[rest.startIndex + 1]) {
      case .success(let parsed): link = parsed
      case .failure(let error):
        try? StandardStream.error.write("HomeNapkin: \(error)\n")
        return 64  // EX_USAGE
      }
      rest = rest.dropFirst(2)
    }
    if let first = rest.first {
      let shown = TerminalText.escaped(first, limit: 60)
      try? StandardStream.error.write(
        "HomeNapkin: unknown argument `\(shown)`. Try `HomeNapkin --help`.\n")
      return 64  // EX_USAGE
    }
    let interactive = StandardInput.isInteractive
    let shell = Shell(
      input: StandardInput(), output: { try StandardStream.output.write($0) }, echo: !interactive,
      prompt: interactive)
    let status = await shell.run(opening: link)
    // Let leaks of napkins detached just before the end be reported; quick when nothing leaks.
    await LeakDetector.shared.waitForPendingChecks()
    if let failure = shell.outputFailure as? OutputLost {
      return lost(failure)
    }
    return status
  }

  /// Says on standard error why the output was lost, unless the reader left on purpose, and
  /// returns the failure status.
  private static func lost(_ error: OutputLost) -> Int32 {
    if !error.isBrokenPipe {
      try? StandardStream.error.write("HomeNapkin: \(error).\n")
    }
    return 1
  }
}
