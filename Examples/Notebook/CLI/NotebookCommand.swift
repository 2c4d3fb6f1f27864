import Foundation
import NotebookStorage
import TerminalIO

/// The `Notebook` program: parse, configure once, run one command.
enum NotebookCommand {
  /// Runs the program with the raw bytes of its arguments (without the program name): an
  /// argument that is not UTF-8 is refused, never altered.
  static func main(rawArguments: [[UInt8]], console: Console = .standard) async -> ExitCode {
    do {
      let arguments = try RawArguments.decoded(rawArguments, program: "Notebook")
      return await main(arguments, console: console)
    } catch {
      console.printError("Notebook: \(error)")
      return .usage
    }
  }

  /// Runs the program with `arguments` (without the program name) and returns its exit status.
  static func main(_ arguments: [String], console: Console = .standard) async -> ExitCode {
    let invocation: Invocation
    do {
      invocation = try Invocation.parse(arguments)
    } catch {
      console.printError("Notebook: \(error)")
      return .usage
    }
    if invocation.command == .help {
      console.print(Invocation.helpText)
      return finish(.success, console: console)
    }
    SyncConfig.configure(makeConfig(invocation, console: console))
    return await run(invocation.command, console: console)
  }

  /// The launch configuration: paths made absolute, the account from the environment, the
  /// host's answer to "what is this machine called?", and lock waits reported on the console.
  static func makeConfig(_ invocation: Invocation, console: Console) -> SyncConfig {
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    let environment = ProcessInfo.processInfo.environment
    var lockWait = LockWait.standard
    lockWait.notice = console.printError
    return SyncConfig(
      localDirectory: absolutePath(invocation.directory ?? "\(home)/.notebook"),
      account: environment["USER"] ?? environment["LOGNAME"] ?? "unknown",
      remoteDirectory: invocation.remote.map(absolutePath),
      deviceName: { ProcessInfo.processInfo.hostName },
      lockWait: lockWait)
  }

  /// Runs one command against the configured `SyncConfig`; reports errors on the console.
  static func run(_ command: Invocation.Command, console: Console) async -> ExitCode {
    finish(await runReportingErrors(command, console: console), console: console)
  }

  /// `status`, unless output was lost (a full disk, a closed pipe): then a failure, said on
  /// standard error, so that a script never takes missing output for success.
  private static func finish(_ status: ExitCode, console: Console) -> ExitCode {
    guard let reason = console.outputFailure() else { return status }
    console.printError("Notebook: could not write the output: \(reason).")
    return status.afterOutput(lost: true)
  }

  private static func runReportingErrors(_ command: Invocation.Command, console: Console) async
    -> ExitCode
  {
    do {
      return try await execute(command, console: console)
    } catch let error as NotebookError {
      console.printError("Notebook: \(error)")
      return .failure
    } catch is CancellationError {
      console.printError("Notebook: cancelled.")
      return .failure
    } catch {
      console.printError("Notebook: \(error)")
      return .failure
    }
  }

  private static func execute(_ command: Invocation.Command, console: Console) async throws
    -> ExitCode
  {
    let manager = SyncManager.shared
    switch command {
    case .add(let name, let text):
      let note = try await manager.add(
        try text ?? readText(console), to: try NotebookRef(name))
      console.print(note.id)
    case .list(let name?):
      let notebook = try NotebookRef(name)
      guard NoteStore.shared(for: notebook).exists else {
        throw NotebookError.noSuchNotebook(name)
      }
      try manager.load(notebook)
      print(notebook, console: console)
    case .list(nil):
      return listAll(console: console)
    case .show(let name, let id):
      let notebook = try NotebookRef(name)
      try manager.load(notebook)
      guard let note = SyncStore.shared.note(id, in: notebook) else {
        throw NotebookError.noSuchNote(id: id, notebook: name)
      }
      console.print(
        console.outputIsTerminal
          ? TerminalText.escaped(note.text, keepingLineBreaks: true) : note.text)
    case .edit(let name, let id, let text):
      let note = try await manager.edit(
        id, in: try NotebookRef(name), text: try text ?? readText(console))
      console.print("Edited note \(TerminalText.echoed(note.id)) in \(name).")
    case .delete(let name, let id):
      try await manager.delete(id, in: try NotebookRef(name))
      console.print("Deleted note \(TerminalText.echoed(id)) from \(name).")
    case .sync:
      let report = try await manager.sync()
      report.lines.forEach(console.print)
      for failure in report.failures {
        console.printError("Notebook: \(failure.notebook) was not synced: \(failure.error)")
      }
      return report.failures.isEmpty ? .success : .failure
    case .help:
      console.print(Invocation.helpText)
    }
    return .success
  }

  /// Lists every notebook; an unreadable one is reported and the others are still listed.
  private static func listAll(console: Console) -> ExitCode {
    let notebooks: [NotebookRef]
    do {
      notebooks = try SyncManager.shared.notebooks()
    } catch {
      console.printError("Notebook: \(error)")
      return .failure
    }
    if notebooks.isEmpty {
      console.print("No notebooks yet; add a note with: Notebook add <notebook> <text>")
    }
    var status = ExitCode.success
    for notebook in notebooks {
      do {
        try SyncManager.shared.load(notebook)
        print(notebook, console: console)
      } catch {
        console.printError("Notebook: \(error)")
        status = .failure
      }
    }
    return status
  }

  private static func print(_ notebook: NotebookRef, console: Console) {
    let notes = SyncStore.shared.notes(in: notebook) ?? []
    console.print("\(notebook.name) (\(notes.count) note\(notes.count == 1 ? "" : "s"))")
    for note in notes {
      // Every field of a note may come from another machine by sync, ids too: all escaped.
      var line = "  \(TerminalText.escaped(note.id))  \(TerminalText.escaped(summary(note.text)))"
      if let origin = note.conflict {
        let device = origin.device.map { " from \(TerminalText.escaped($0))" } ?? ""
        line +=
          "  [kept from a sync conflict with note \(TerminalText.escaped(origin.noteID))\(device)]"
      }
      console.print(line)
    }
  }

  /// A note's first line, marked when more follows.
  private static func summary(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.count > 1 ? "\(lines[0]) ..." : text
  }

  private static func readText(_ console: Console) throws(NotebookError) -> String {
    let limit = NotebookLimits.maximumTextBytes
    // One byte over the limit for a trailing newline, which is dropped.
    guard let bytes = try console.readInput(limit + 1) else { throw .emptyText }
    guard bytes.count <= limit + 1 else { throw .textTooLong(bytes: bytes.count) }
    guard var text = String(validating: bytes, as: UTF8.self) else {
      throw .invalidUTF8(source: "the text on standard input")
    }
    if text.hasSuffix("\n") { text.removeLast() }
    guard !text.isEmpty else { throw NotebookError.emptyText }
    return text
  }

  private static func absolutePath(_ path: String) -> String {
    let expanded = path.hasPrefix("~/") ? NSString(string: path).expandingTildeInPath : path
    return URL(fileURLWithPath: expanded).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
