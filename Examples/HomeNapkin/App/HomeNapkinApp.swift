import Foundation
import Napkin
import TerminalSafety

/// The command line: options, then the shell on standard input.
@MainActor
enum HomeNapkinApp {
  static let usage = """
    Usage: HomeNapkin [--open profile/<name>] [--snapshot FILE] [--help]

    A napkin tree in the terminal: Root -> LoggedOut | LoggedIn -> Home -> Profile | Settings.
    Type commands, or pipe them in (one a line); the current screen is printed after each.
    Example: printf 'login alice\\nprofile\\ntree\\n' | swift run HomeNapkin
    --open profile/alice opens alice's profile as a deep link does: at once if she is
    signed in, or as soon as she signs in.
    --snapshot FILE writes the live tree's snapshot (JSON, schema 1) to FILE after every
    command, replacing it whole, for `napkin graph --format html` to draw live.

    """

  /// Runs the app for `arguments` (without the program name) and returns the exit status: 0, 1
  /// when the output could not be written, 64 (`EX_USAGE`) for a bad argument or a snapshot
  /// file that cannot be used.
  static func main(arguments: [String]) async -> Int32 {
    let options: Options
    var recorder: LiveTreeRecorder?
    do {
      options = try Options.parse(arguments)
      if let path = options.snapshotPath {
        recorder = LiveTreeRecorder(file: try SnapshotFile(path: path))
      }
    } catch {
      try? StandardStream.error.write("HomeNapkin: \(error)\n")
      return 64  // EX_USAGE
    }
    if options.help {
      do {
        try StandardStream.output.write(usage + Command.helpText)
        return 0
      } catch {
        return lost(error)
      }
    }
    let interactive = StandardInput.isInteractive
    let shell = Shell(
      input: StandardInput(), output: { try StandardStream.output.write($0) }, echo: !interactive,
      prompt: interactive, recorder: recorder)
    let status = await shell.run(opening: options.link)
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
