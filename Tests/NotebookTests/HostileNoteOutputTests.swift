import Foundation
import NotebookStorage
import TerminalIO
import Testing

@testable import Notebook

/// Every field of a note that arrived by sync reaches the terminal escaped, through every command.
@Suite struct HostileNoteOutputTests {
  static let hostile = "\u{1B}]0;t\u{07}\u{1B}[2J\u{1B}]52;c;aGk=\u{07}\u{9B}1m\u{202E}x"

  static func hostileNote(version: VersionVector, dot: Dot, text: String) -> Note {
    Note(
      id: hostile, text: text, isDeleted: false, modified: Note.now(), author: hostile,
      device: hostile, conflict: Note.ConflictOrigin(noteID: hostile, device: hostile),
      version: version, dots: [dot])
  }

  @Test func aHostileNoteIsEscapedInSyncListShowEditAndDelete() async throws {
    try await withMachines(1) { machines, remote in
      let log = Log<String>()
      let console = Console(
        print: log.append, printError: log.append, readInput: { _ in nil },
        outputIsTerminal: true, outputFailure: { nil })
      let remoteNotebook = try NotebookRef("n", in: remote)
      let first = Self.hostileNote(
        version: VersionVector(["remote": 1]), dot: Dot(replica: "remote", counter: 1),
        text: Self.hostile)
      try CraftedFiles.write(NotebookData(replica: "remote", notes: [first]), to: remoteNotebook)
      var statuses: [ExitCode] = []
      try await machines[0].run {
        for command: Invocation.Command in [
          .sync, .list(notebook: "n"), .list(notebook: nil),
          .show(notebook: "n", id: Self.hostile), .edit(notebook: "n", id: Self.hostile, text: "x"),
        ] {
          statuses.append(await NotebookCommand.run(command, console: console))
        }
        // The remote edits the note too, without seeing this copy's edit: a conflict line.
        let concurrent = Self.hostileNote(
          version: VersionVector(["remote": 2]), dot: Dot(replica: "remote", counter: 2),
          text: Self.hostile + "2")
        try CraftedFiles.write(
          NotebookData(replica: "remote", notes: [concurrent]), to: remoteNotebook)
        for command: Invocation.Command in [
          .sync, .list(notebook: "n"), .delete(notebook: "n", id: Self.hostile),
        ] {
          statuses.append(await NotebookCommand.run(command, console: console))
        }
      }
      #expect(statuses.allSatisfy { $0 == .success }, "\(log.values)")
      let printed = log.values.joined(separator: "\n")
      #expect(printed.contains("Conflict in"))
      for scalar in printed.unicodeScalars where scalar != "\n" {
        #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
        #expect(scalar != "\u{202E}")
      }
      #expect(printed.contains("\\u{1B}]0;t\\u{7}"))
    }
  }
}
