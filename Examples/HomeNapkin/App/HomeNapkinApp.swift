import Foundation
import Napkin

/// The command line: options, then the shell on standard input.
@MainActor
enum HomeNapkinApp {
  static let usage = """
    Usage: HomeNapkin [--help]

    A napkin tree in the terminal: Root -> LoggedOut | LoggedIn -> Home -> Profile | Settings.
    Type commands, or pipe them in (one a line); the current screen is printed after each.
    Example: printf 'login alice\\nprofile\\ntree\\n' | swift run HomeNapkin

    """

  /// Runs the app for `arguments` (without the program name) and returns the exit status.
  static func main(arguments: [String]) async -> Int32 {
    if arguments == ["--help"] || arguments == ["-h"] {
      write(usage + Command.helpText, to: .standardOutput)
      return 0
    }
    if let first = arguments.first {
      write(
        "HomeNapkin: unknown argument `\(first)`. Try `HomeNapkin --help`.\n", to: .standardError)
      return 64  // EX_USAGE
    }
    let interactive = StandardInput.isInteractive
    let shell = Shell(
      input: StandardInput(), output: { write($0, to: .standardOutput) }, echo: !interactive,
      prompt: interactive)
    let status = await shell.run()
    // Let leaks of napkins detached just before the end be reported; quick when nothing leaks.
    await LeakDetector.shared.waitForPendingChecks()
    return status
  }

  private static func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}
