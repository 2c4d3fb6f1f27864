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
    return run(arguments, console: &console).rawValue
  }

  static func run(_ arguments: [String], console: inout some Console) -> CommandStatus {
    do {
      return try dispatch(arguments, console: &console)
    } catch {
      console.writeError("napkin: error: \(error.message)\n")
      return .usage
    }
  }

  private static func dispatch(
    _ arguments: [String],
    console: inout some Console
  ) throws(UsageError) -> CommandStatus {
    guard let command = arguments.first else {
      console.writeError(HelpText.overview)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "--help", "-h":
      console.write(HelpText.overview)
      return .success
    case "help":
      console.write(help(for: rest.first) ?? HelpText.overview)
      return .success
    case "graph":
      let scanner = try ArgumentScanner(rest, valued: ["--format"], command: command)
      if scanner.wantsHelp { return helped(HelpText.graph, &console) }
      let format = try choose(scanner.options["--format"], default: GraphFormat.text, command)
      return graph(paths: scanner.positional, format: format, console: &console)
    case "lint":
      let scanner = try ArgumentScanner(rest, valued: ["--format"], command: command)
      if scanner.wantsHelp { return helped(HelpText.lint, &console) }
      let format = try choose(scanner.options["--format"], default: LintFormat.text, command)
      return lint(paths: scanner.positional, format: format, console: &console)
    case "new":
      let scanner = try ArgumentScanner(
        rest, valued: ["--parent", "--into", "--tests", "--module"], command: command)
      if scanner.wantsHelp { return helped(HelpText.new, &console) }
      let request = try ScaffoldRequest(scanner)
      return Scaffolder.write(request, console: &console)
    default:
      throw UsageError(
        message: "unknown command '\(command)'; the commands are new, graph and lint "
          + "(see 'napkin --help')")
    }
  }

  private static func help(for command: String?) -> String? {
    switch command {
    case "graph": HelpText.graph
    case "lint": HelpText.lint
    case "new": HelpText.new
    default: nil
    }
  }

  private static func helped(_ text: String, _ console: inout some Console) -> CommandStatus {
    console.write(text)
    return .success
  }

  private static func choose<Format: RawRepresentable & CaseIterable>(
    _ value: String?,
    default fallback: Format,
    _ command: String
  ) throws(UsageError) -> Format where Format.RawValue == String {
    guard let value else { return fallback }
    guard let format = Format(rawValue: value) else {
      let known = Format.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError(
        message: "unknown format '\(value)' for 'napkin \(command)'; use one of \(known)")
    }
    return format
  }

  // MARK: Commands

  static func analyse(
    _ paths: [String],
    console: inout some Console
  ) -> (wiring: Wiring, problems: [InputProblem]) {
    let loaded = SourceLoader.load(paths: paths.isEmpty ? ["."] : paths)
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
    return (wiring, loaded.problems)
  }

  private static func graph(
    paths: [String],
    format: GraphFormat,
    console: inout some Console
  ) -> CommandStatus {
    let (wiring, problems) = analyse(paths, console: &console)
    console.write(format.render(wiring, problems: problems))
    return problems.isEmpty ? .success : .inputProblem
  }

  private static func lint(
    paths: [String],
    format: LintFormat,
    console: inout some Console
  ) -> CommandStatus {
    let (wiring, problems) = analyse(paths, console: &console)
    let findings = Linter.findings(in: wiring)
    console.write(format.render(findings, problems: problems, fileCount: wiring.files.count))
    if !findings.isEmpty { return .findings }
    return problems.isEmpty ? .success : .inputProblem
  }
}
