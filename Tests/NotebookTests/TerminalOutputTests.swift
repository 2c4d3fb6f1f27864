import Foundation
import NotebookStorage
import TerminalIO
import Testing

@testable import Notebook

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// Text from outside reaching the terminal.
  @Suite struct TerminalOutputTests {
    static let hostile =
      "a\u{1B}]0;owned\u{07}b\u{1B}[2Jc\u{1B}]52;c;ZWNobyBvd25lZA==\u{07}d\re\u{9B}31mf\u{202E}g"

    /// A console that records what a command printed, as a terminal or as a pipe.
    func capture(terminal: Bool) -> (Console, Log<String>) {
      let log = Log<String>()
      let console = Console(
        print: log.append, printError: log.append, readInput: { _ in nil },
        outputIsTerminal: terminal, outputFailure: { nil })
      return (console, log)
    }

    @Test func escapingLeavesNoControlCharacterAndKeepsTheRest() {
      let escaped = TerminalText.escaped(Self.hostile)
      #expect(
        !escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
      #expect(escaped.contains("\\u{1B}]0;owned\\u{7}"))
      #expect(escaped.contains("d\\re"))
      #expect(escaped.contains("\\u{202E}"))
      #expect(TerminalText.escaped("caf\u{e9} \u{1F600}") == "caf\u{e9} \u{1F600}")
      #expect(TerminalText.escaped("a\nb\tc", keepingLineBreaks: true) == "a\nb\tc")
    }

    @Test func listEscapesNoteTextThatArrivedBySync() throws {
      let root = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: root) }
      try NotebookProcess.run(["--dir", root + "/other", "add", "inbox", Self.hostile])
      try NotebookProcess.run(["--dir", root + "/mine", "--remote", root + "/other", "sync"])
      let listed = try NotebookProcess.run(["--dir", root + "/mine", "list", "inbox"])
      #expect(listed.status == 0)
      #expect(!listed.output.contains("\u{1B}") && !listed.output.contains("\r"))
      #expect(!listed.output.contains("\u{07}") && !listed.output.contains("\u{9B}"))
      #expect(listed.output.contains("a\\u{1B}]0;owned"))
    }

    @Test func theConflictLinesDeviceNameIsEscaped() async throws {
      try await withMachines(2) { machines, _ in
        var hostile = machines.map(\.config)
        for index in hostile.indices {
          hostile[index].deviceName = { "pc\u{1B}]0;x\u{07}\(index)" }
        }
        let (a, b) = (Machine(config: hostile[0]), Machine(config: hostile[1]))
        let id = try await a.run {
          let note = try await SyncManager.shared.add("v1", to: try NotebookRef("n"))
          _ = try await SyncManager.shared.sync()
          return note.id
        }
        try await b.run {
          _ = try await SyncManager.shared.sync()
          _ = try await SyncManager.shared.edit(id, in: try NotebookRef("n"), text: "from b")
        }
        try await a.run {
          _ = try await SyncManager.shared.edit(id, in: try NotebookRef("n"), text: "from a")
          _ = try await SyncManager.shared.sync()
        }
        let (console, log) = capture(terminal: true)
        let status = await b.run {
          _ = try? await SyncManager.shared.sync()
          return await NotebookCommand.run(.list(notebook: "n"), console: console)
        }
        #expect(status == .success)
        let conflictLine = try #require(
          log.values.first { $0.contains("kept from a sync conflict") })
        #expect(conflictLine.contains("from pc\\u{1B}]0;x\\u{7}"))
        #expect(!log.values.joined().contains("\u{1B}"))
      }
    }

    @Test func showEscapesOnATerminalAndPassesTextThroughAPipe() async throws {
      try await withMachine { machine in
        try await machine.run {
          let text = "line one\n\u{1B}[2Jline two"
          let note = try await SyncManager.shared.add(text, to: try NotebookRef("s"))
          let (terminal, shown) = capture(terminal: true)
          _ = await NotebookCommand.run(.show(notebook: "s", id: note.id), console: terminal)
          #expect(shown.values == ["line one\n\\u{1B}[2Jline two"])
          let (pipe, piped) = capture(terminal: false)
          _ = await NotebookCommand.run(.show(notebook: "s", id: note.id), console: pipe)
          #expect(piped.values == [text])
        }
      }
    }

    @Test func errorMessagesEscapePathsFromTheCommandLine() throws {
      let result = try NotebookProcess.run(["--dir", "/proc/\u{1B}[2J/x", "add", "n", "text"])
      #expect(result.status == 1)
      #expect(result.error.contains("/proc/\\u{1B}[2J"))
      #expect(!result.error.contains("\u{1B}"))
    }
  }
#endif
