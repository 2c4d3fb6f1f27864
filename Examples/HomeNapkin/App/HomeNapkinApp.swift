import Napkin
import TerminalIO

/// The program, in document 001's launch order: the command line, the app's boundaries, the root
/// napkin launched in the terminal, then the shell until `quit`.
@MainActor
enum HomeNapkinApp {
  /// Runs the app for `arguments` (without the program name); the exit status is
  /// ``ExitCode``'s: 1 when the output could not be written, 64 for a bad argument or a
  /// snapshot file that cannot be used.
  static func main(arguments: [String]) async -> ExitCode {
    await run(arguments)
  }

  /// Runs the app for its arguments as the kernel passed them (``RawArguments``): one that is
  /// not UTF-8 is refused with status 64, never changed (U+FFFD would name a snapshot file the
  /// user did not name).
  static func main(rawArguments: [[UInt8]]) async -> ExitCode {
    do throws(UsageError) {
      return await run(try RawArguments.decoded(rawArguments, program: "HomeNapkin"))
    } catch {
      try? StandardStream.error.write("HomeNapkin: \(error)\n")
      return .usage
    }
  }

  private static func run(_ arguments: [String]) async -> ExitCode {
    let options: Options
    do {
      options = try Options(arguments)
    } catch {
      try? StandardStream.error.write("HomeNapkin: \(error)\n")
      return .usage
    }
    if options.help {
      do throws(OutputLost) {
        try StandardStream.output.write(usage + Command.helpText)
        return .success
      } catch {
        return .outputLost(error, program: "HomeNapkin")
      }
    }
    // The live boundaries, the root napkin on them, the shell reading standard input.
    let interactive = StandardInput.isInteractive
    let shell = Shell(
      boundaries: .live, input: StandardInput(), output: { try StandardStream.output.write($0) },
      echo: !interactive, prompt: interactive, recorder: options.recorder)
    let status = await shell.run(opening: options.link)
    // Let leaks of napkins detached just before the end be reported; quick when nothing leaks.
    await LeakDetector.shared.waitForPendingChecks()
    if let failure = shell.outputFailure as? OutputLost {
      return .outputLost(failure, program: "HomeNapkin")
    }
    return status
  }

  /// The command line: `--open profile/<name>`, `--snapshot FILE`, `--help`.
  @MainActor
  struct Options {
    var link: DeepLink?
    var recorder: LiveTreeRecorder?
    var help = false

    init(_ arguments: [String]) throws(UsageError) {
      var arguments = try Arguments(
        arguments, program: "HomeNapkin",
        options: [
          .init("--open", takes: "a link, e.g. `--open profile/alice`"),
          .init("--snapshot", takes: "a file, e.g. `--snapshot tree.json`"),
        ])
      help = arguments.wantsHelp
      if let text = arguments.take("--open") {
        switch DeepLink.parse(text) {
        case .success(let parsed): link = parsed
        case .failure(let error): throw UsageError(error.description)
        }
      }
      if let path = arguments.take("--snapshot") {
        do {
          recorder = LiveTreeRecorder(file: try LiveTreeRecorder.file(at: path))
        } catch {
          throw UsageError(error.description)
        }
      }
      try arguments.finish()
    }
  }

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
}
