import Foundation
import NotebookStorage
import TerminalIO
import Testing

@testable import Notebook

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  @Suite struct RoundTripTests {
    @Test func aNoteIsAddedEditedAndDeletedThroughTheManager() async throws {
      try await withMachine { machine in
        try await machine.run {
          let notebook = try NotebookRef("groceries")
          let manager = SyncManager.shared
          let milk = try await manager.add("buy milk", to: notebook)
          let eggs = try await manager.add("buy eggs", to: notebook)
          #expect(try manager.load(notebook).map(\.text) == ["buy milk", "buy eggs"])
          _ = try await manager.edit(milk.id, in: notebook, text: "buy oat milk")
          try await manager.delete(eggs.id, in: notebook)
          #expect(try manager.load(notebook).map(\.text) == ["buy oat milk"])
          #expect(SyncStore.shared.note(milk.id, in: notebook)?.author == "tester0")
          #expect(try manager.notebooks().map(\.name) == ["groceries"])
          await #expect(throws: NotebookError.noSuchNote(id: eggs.id, notebook: "groceries")) {
            try await manager.edit(eggs.id, in: notebook, text: "again")
          }
          await #expect(throws: NotebookError.emptyText) {
            try await manager.add("", to: notebook)
          }
        }
      }
    }

    @Test func theCommandLineRoundTripsANote() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let added = try NotebookProcess.run(["--dir", directory, "add", "work", "write the report"])
      #expect(added.status == 0)
      let id = try #require(added.lines.last)
      #expect(id.count == 12)

      let shown = try NotebookProcess.run(["--dir", directory, "show", "work", id])
      #expect(shown.output == "write the report\n")

      #expect(
        try NotebookProcess.run(["--dir", directory, "edit", "work", id, "send it"]).status == 0)
      let listed = try NotebookProcess.run(["--dir", directory, "list", "work"])
      #expect(listed.output.contains("\(id)  send it"))
      #expect(listed.output.hasPrefix("work (1 note)"))

      #expect(try NotebookProcess.run(["--dir", directory, "delete", "work", id]).status == 0)
      let missing = try NotebookProcess.run(["--dir", directory, "show", "work", id])
      #expect(missing.status == 1)
      #expect(missing.error.contains("there is no note \"\(id)\" in notebook \"work\""))
    }

    @Test func pipedTextBecomesTheNote() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let added = try NotebookProcess.run(
        ["--dir", directory, "add", "journal"], input: "line one\nline two\n")
      let id = try #require(added.lines.last)
      let shown = try NotebookProcess.run(["--dir", directory, "show", "journal", id])
      #expect(shown.output == "line one\nline two\n")
    }

    @Test func helpAndBadCommandLinesAnswerClearly() throws {
      let help = try NotebookProcess.run(["--help"])
      #expect(help.status == 0)
      #expect(help.output.contains("Usage: Notebook [--dir DIR] [--remote DIR] <command>"))
      let unknown = try NotebookProcess.run(["frobnicate"])
      #expect(unknown.status == 64)
      #expect(unknown.error.contains("unknown command \"frobnicate\""))
      let missing = try NotebookProcess.run(["--dir", "/nonexistent", "show", "work"])
      #expect(missing.status == 64)
      #expect(missing.error.contains("usage: Notebook show <notebook> <id>"))
    }

    @Test func optionsParseBeforeTheCommandAndTextMayStartWithADash() throws {
      let invocation = try Invocation.parse([
        "--dir", "d", "--remote=r", "add", "work", "-5 degrees",
      ])
      #expect(invocation.directory == "d")
      #expect(invocation.remote == "r")
      #expect(invocation.command == .add(notebook: "work", text: "-5 degrees"))
      #expect(
        try Invocation.parse(["edit", "w", "id", "-"]).command
          == .edit(notebook: "w", id: "id", text: nil))
      #expect(try Invocation.parse(["--dir=a=b", "sync"]).directory == "a=b")
      #expect(throws: UsageError.self) { try Invocation.parse(["--dir"]) }
      #expect(throws: UsageError.self) { try Invocation.parse(["--dir=", "list"]) }
      #expect(throws: UsageError.self) { try Invocation.parse(["--verbose", "list"]) }
    }

    @Test func anOptionGivenTwiceIsRefusedRatherThanOneValueWinning() {
      for arguments in [
        ["--dir", "a", "--dir", "b", "list"], ["--remote=a", "--remote", "b", "sync"],
        ["--dir=a", "--dir=a", "list"],
      ] {
        #expect(throws: UsageError.self, "\(arguments)") {
          try Invocation.parse(arguments)
        }
      }
      #expect(
        throws: UsageError("--dir is given twice; give it once.")
      ) { try Invocation.parse(["--dir", "a", "--dir=b", "list"]) }
    }

    @Test func theManagerAnnouncesEachWriteAfterItIsOnDisk() async throws {
      try await withMachine { machine in
        try await machine.run {
          let notebook = try NotebookRef("announced")
          let changes = SyncManager.shared.changes.subscribe(bufferingNewest: 10_000)
          let note = try await SyncManager.shared.add("hello", to: notebook)
          try await SyncManager.shared.delete(note.id, in: notebook)
          var mine: [NoteChange.Kind] = []
          for await change in changes where change.notebook == notebook {
            // The write is on disk when it is announced.
            #expect(FileManager.default.fileExists(atPath: notebook.file))
            mine.append(change.kind)
            if mine.count == 2 { break }
          }
          #expect(mine == [.added(noteID: note.id), .deleted(noteID: note.id)])
        }
      }
    }
  }
#endif
