import TerminalIO

/// A parsed command line: `Notebook [--dir D] [--remote R] <command> ...`.
struct Invocation: Equatable, Sendable {
  enum Command: Equatable, Sendable {
    /// `text` is `nil` when it comes from standard input.
    case add(notebook: String, text: String?)
    case list(notebook: String?)
    case show(notebook: String, id: String)
    case edit(notebook: String, id: String, text: String?)
    case delete(notebook: String, id: String)
    case sync
    case help
  }

  var directory: String?
  var remote: String?
  var command: Command

  /// Parses the arguments after the program name. Options come before the command; everything
  /// after the command word is positional, so a note's text may start with `-`.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var parsed = try Arguments(
      arguments, program: "Notebook",
      options: [
        .init("--dir", takes: "a directory, e.g. `--dir ~/notes`"),
        .init("--remote", takes: "a directory, e.g. `--remote /media/usb/notebook`"),
      ],
      placement: .beforeTheCommand)
    if parsed.wantsHelp { return Invocation(command: .help) }
    guard let word = parsed.nextPositional() else {
      throw UsageError("missing command; see `Notebook --help`.")
    }
    let command = try parseCommand(word, parsed.remainingPositionals())
    return Invocation(
      directory: parsed.take("--dir"), remote: parsed.take("--remote"), command: command)
  }

  private static func parseCommand(_ word: String, _ arguments: [String]) throws(UsageError)
    -> Command
  {
    func expect(_ range: ClosedRange<Int>, _ usage: String) throws(UsageError) {
      guard range.contains(arguments.count) else {
        throw UsageError("usage: Notebook \(usage)")
      }
    }
    // A text argument of "-" means standard input, like a missing one.
    func text(at index: Int) -> String? {
      index < arguments.count && arguments[index] != "-" ? arguments[index] : nil
    }
    switch word {
    case "add":
      try expect(1...2, "add <notebook> [<text>|-]")
      return .add(notebook: arguments[0], text: text(at: 1))
    case "list":
      try expect(0...1, "list [<notebook>]")
      return .list(notebook: arguments.first)
    case "show":
      try expect(2...2, "show <notebook> <id>")
      return .show(notebook: arguments[0], id: arguments[1])
    case "edit":
      try expect(2...3, "edit <notebook> <id> [<text>|-]")
      return .edit(notebook: arguments[0], id: arguments[1], text: text(at: 2))
    case "delete":
      try expect(2...2, "delete <notebook> <id>")
      return .delete(notebook: arguments[0], id: arguments[1])
    case "sync":
      try expect(0...0, "sync")
      return .sync
    case "help":
      return .help
    default:
      throw UsageError(
        "unknown command \"\(TerminalText.echoed(word))\"; commands: add, list, show, edit, delete, sync."
      )
    }
  }

  static let helpText = """
    Notebook: notes kept in a local directory, synced with a second directory.

    Usage: Notebook [--dir DIR] [--remote DIR] <command>

    Commands:
      add <notebook> [<text>]        add a note; prints its id on the last line
      list [<notebook>]              list one notebook's notes, or every notebook
      show <notebook> <id>           print a note's text
      edit <notebook> <id> [<text>]  replace a note's text
      delete <notebook> <id>         delete a note
      sync                           exchange changes both ways with the remote directory

    Without <text> (or with "-"), the text is read from standard input.

    Options:
      --dir DIR      the local data directory (default: ~/.notebook)
      --remote DIR   another machine's copy of the data, for sync
      -h, --help     show this help

    Notebook names use 1 to 64 ASCII letters, digits, '-', '_' or '.', starting with a letter or
    digit. A note holds at most 1 MiB of UTF-8 text, a notebook file at most 64 MiB. Sync works
    between any number of copies, synced in pairs in any order; when two copies edited one note
    without seeing each other's edit, sync keeps both versions and says so.

    A command waits for a notebook another Notebook process is changing; after 2 seconds it names
    the lock file and that process, and after 30 seconds it gives up, changing nothing.

    Exit status: 0 on success, 1 when the command failed, 64 for a command line that cannot run.
    """
}
