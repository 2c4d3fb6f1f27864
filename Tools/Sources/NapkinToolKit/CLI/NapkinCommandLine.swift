import Foundation

/// The `napkin` command-line tool: `new`, `graph` and `lint`.
///
/// ```swift
/// exit(NapkinCommandLine.main(Array(CommandLine.arguments.dropFirst())))
/// ```
///
/// Threading: call it from the main thread of a command-line program; it parses files in
/// parallel internally and returns when everything is written.
public enum NapkinCommandLine {
  /// Runs the command in `arguments` (without the program name), writing results to standard
  /// output and problems to standard error, and returns the exit status.
  ///
  /// ```swift
  /// let status = NapkinCommandLine.main(["lint", "Examples"])
  /// ```
  ///
  /// Threading: blocks the calling thread until the command is done.
  public static func main(_ arguments: [String]) -> Int32 {
    var console = StandardConsole()
    let status = run(arguments, console: &console)
    // A closed or full standard output is reported on standard error, if it can still take it,
    // not a crash: the result never arrived.
    if let failure = console.failure {
      console.writeError("napkin: error: cannot write the output: \(failure)\n")
      return CommandStatus.findings.rawValue
    }
    return status.rawValue
  }

  /// The names `napkin` accepts as its first argument, besides options.
  private static let commandNames: Set<String> = Set(
    NapkinRootCommand.configuration.subcommands.map { $0._commandName } + ["help"])

  static func run(_ arguments: [String], console: inout some Console) -> CommandStatus {
    guard let first = arguments.first else {
      console.writeError(NapkinRootCommand.helpMessage() + "\n")
      return .usage
    }
    // ArgumentParser would call it an unexpected argument; a misspelt command deserves better.
    if !first.hasPrefix("-"), !commandNames.contains(first) {
      console.writeError(
        "napkin: error: unknown command '\(first)'; the commands are new, graph, lint, fix and why "
          + "(see 'napkin --help')\n")
      return .usage
    }
    if let repeated = repeatedOption(in: arguments) {
      console.writeError(
        "Error: '\(repeated)' was given more than once; give it once\n"
          + "  See 'napkin \(first) --help' for more information.\n")
      return .usage
    }
    do {
      var command = try NapkinRootCommand.parseAsRoot(arguments)
      if let napkin = command as? any NapkinSubcommand {
        return try napkin.execute(console: &console)
      }
      // `napkin help lint` and the root command itself: ArgumentParser answers with help.
      try command.run()
      return .success
    } catch let error as UsageError {
      console.writeError("napkin: error: \(error.message)\n")
      return .usage
    } catch {
      let message = NapkinRootCommand.fullMessage(for: error)
      guard NapkinRootCommand.exitCode(for: error) == .success else {
        console.writeError(message + "\n")
        return .usage
      }
      console.write(message.isEmpty ? "" : message + "\n")
      return .success
    }
  }

  /// Options that take one value. ArgumentParser keeps the last of several silently, so
  /// `--format json --format text` would print text where a script expects JSON.
  private static let singleValued: Set<String> = [
    "--format", "--parent", "--into", "--tests", "--module", "--in", "--snapshot",
    "--view-protocol",
  ]

  private static func repeatedOption(in arguments: [String]) -> String? {
    var seen: Set<String> = []
    let names = arguments.prefix { $0 != "--" }.map {
      String($0.split(separator: "=", maxSplits: 1).first ?? "")
    }
    return names.first { singleValued.contains($0) && !seen.insert($0).inserted }
  }

  // MARK: Commands

  /// The wiring of the sources under `paths` (the current folder when there are none), with the
  /// problems reading them and, when `keepingSources`, the bytes of every file read: what
  /// `napkin fix` edits and checks the files against before it writes.
  static func analyse(
    _ paths: [String],
    keepingSources: Bool = false,
    console: inout some Console
  ) -> (wiring: Wiring, problems: [InputProblem], sources: [String: SourceLoader.ReadSource]) {
    let loaded = SourceLoader.load(
      paths: paths.isEmpty ? ["."] : paths, keepingSources: keepingSources)
    for problem in loaded.problems {
      console.writeError(problem.description + "\n")
    }
    let wiring = Wiring(files: loaded.files)
    // Not a problem with the input as such, but the tree may mix two apps: say so.
    for (name, places) in wiring.duplicates.sorted(by: { $0.key < $1.key }) {
      console.writeError(
        "\(places[0]): note: \(places.count) components are named \(name) (also at "
          + places.dropFirst().map(\.description).joined(separator: ", ")
          + "); the first is used. Analyse one app at a time.\n")
    }
    return (wiring, loaded.problems, loaded.sources)
  }
}
