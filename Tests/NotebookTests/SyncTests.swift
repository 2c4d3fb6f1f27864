import Foundation
import NotebookStorage
import Testing

@testable import Notebook

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  @Suite struct SyncTests {
    @Test func notesTravelBothWaysThroughTheRemote() async throws {
      try await withMachines(2) { machines, _ in
        let (laptop, desktop) = (machines[0], machines[1])
        let fromLaptop = try await laptop.run {
          let note = try await SyncManager.shared.add(
            "from the laptop", to: try NotebookRef("work"))
          let report = try await SyncManager.shared.sync()
          #expect(report.sent == 1)
          return note
        }
        try await desktop.run {
          let work = try NotebookRef("work")
          #expect(try await SyncManager.shared.sync().received == 1)
          #expect(try SyncManager.shared.load(work).map(\.id) == [fromLaptop.id])
          _ = try await SyncManager.shared.add("from the desktop", to: work)
          _ = try await SyncManager.shared.edit(fromLaptop.id, in: work, text: "edited on desktop")
          _ = try await SyncManager.shared.sync()
        }
        try await laptop.run {
          let work = try NotebookRef("work")
          let report = try await SyncManager.shared.sync()
          #expect(report.received == 2)
          #expect(report.conflicts.isEmpty)
          #expect(
            try SyncManager.shared.load(work).map(\.text) == [
              "edited on desktop", "from the desktop",
            ])
        }
      }
    }

    @Test func aDeletionReachesTheOtherSide() async throws {
      try await withMachines(2) { machines, _ in
        let note = try await machines[0].run {
          let note = try await SyncManager.shared.add("temporary", to: try NotebookRef("inbox"))
          _ = try await SyncManager.shared.sync()
          return note
        }
        try await machines[1].run {
          _ = try await SyncManager.shared.sync()
          try await SyncManager.shared.delete(note.id, in: try NotebookRef("inbox"))
          _ = try await SyncManager.shared.sync()
        }
        try await machines[0].run {
          _ = try await SyncManager.shared.sync()
          #expect(try SyncManager.shared.load(try NotebookRef("inbox")).isEmpty)
        }
      }
    }

    @Test func anEditOnBothSidesKeepsBothVersionsAndSaysSo() async throws {
      try await withMachines(2) { machines, _ in
        let (laptop, desktop) = (machines[0], machines[1])
        let note = try await laptop.run {
          let note = try await SyncManager.shared.add("original", to: try NotebookRef("plans"))
          _ = try await SyncManager.shared.sync()
          return note
        }
        try await desktop.run {
          _ = try await SyncManager.shared.sync()
          _ = try await SyncManager.shared.edit(note.id, in: try NotebookRef("plans"), text: "desk")
        }
        try await laptop.run {
          _ = try await SyncManager.shared.edit(note.id, in: try NotebookRef("plans"), text: "lap")
          #expect(try await SyncManager.shared.sync().conflicts.isEmpty)
        }
        let conflictReport = try await desktop.run {
          let report = try await SyncManager.shared.sync()
          let texts = try SyncManager.shared.load(try NotebookRef("plans")).map(\.text)
          #expect(Set(texts) == ["lap", "desk"])
          return report
        }
        let conflict = try #require(conflictReport.conflicts.first)
        #expect(conflict.notebook == "plans")
        guard case .editedOnBothSides(let copyID, let copyHoldsLocalText) = conflict.conflict.kind
        else {
          Issue.record("expected an edit on both sides, got \(conflict.conflict.kind)")
          return
        }
        #expect(conflictReport.lines.contains { $0.contains("kept both versions") })
        try await laptop.run {
          _ = try await SyncManager.shared.sync()
          let notes = try SyncManager.shared.load(try NotebookRef("plans"))
          #expect(Set(notes.map(\.text)) == ["lap", "desk"])
          let copy = try #require(notes.first { $0.id == copyID })
          // The copy is labelled with the machine its text was written on.
          #expect(copy.text == (copyHoldsLocalText ? "desk" : "lap"))
          let device = copyHoldsLocalText ? "device1" : "device0"
          #expect(copy.conflict == Note.ConflictOrigin(noteID: note.id, device: device))
        }
        // Once resolved, further syncs are quiet.
        try await desktop.run {
          let report = try await SyncManager.shared.sync()
          #expect(report.conflicts.isEmpty)
          #expect(report.sent == 0 && report.received == 0)
        }
      }
    }

    @Test func anEditWinsOverADeletionOnTheOtherSide() async throws {
      try await withMachines(2) { machines, _ in
        let note = try await machines[0].run {
          let note = try await SyncManager.shared.add("keep me", to: try NotebookRef("ideas"))
          _ = try await SyncManager.shared.sync()
          return note
        }
        try await machines[1].run {
          _ = try await SyncManager.shared.sync()
          try await SyncManager.shared.delete(note.id, in: try NotebookRef("ideas"))
        }
        try await machines[0].run {
          _ = try await SyncManager.shared.edit(note.id, in: try NotebookRef("ideas"), text: "kept")
          _ = try await SyncManager.shared.sync()
        }
        try await machines[1].run {
          let report = try await SyncManager.shared.sync()
          #expect(report.conflicts.map(\.conflict.kind) == [.deletedHereEditedThere])
          #expect(try SyncManager.shared.load(try NotebookRef("ideas")).map(\.text) == ["kept"])
        }
      }
    }

    @Test func theCommandLineSyncReportsAConflictAndListsBothTexts() throws {
      let root = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: root) }
      let a = ["--dir", root + "/a", "--remote", root + "/remote"]
      let b = ["--dir", root + "/b", "--remote", root + "/remote"]
      // Sync never creates its remote (issue 30): the shared copy is made once, on purpose.
      let mistyped = try NotebookProcess.run(a + ["sync"])
      #expect(mistyped.status == 1)
      #expect(mistyped.error.contains("mkdir -p \(root)/remote"))
      try FileManager.default.createDirectory(
        atPath: root + "/remote", withIntermediateDirectories: false)
      let id = try #require(try NotebookProcess.run(a + ["add", "trip", "pack bags"]).lines.last)
      #expect(try NotebookProcess.run(a + ["sync"]).status == 0)
      #expect(try NotebookProcess.run(b + ["sync"]).status == 0)
      try NotebookProcess.run(a + ["edit", "trip", id, "pack the red bag"])
      try NotebookProcess.run(b + ["edit", "trip", id, "pack the blue bag"])
      #expect(try NotebookProcess.run(a + ["sync"]).status == 0)
      let sync = try NotebookProcess.run(b + ["sync"])
      #expect(sync.status == 0)
      #expect(
        sync.output.contains("Conflict in \"trip\": note \(id) was edited here and on the remote"))
      #expect(sync.output.contains("kept both versions"))
      for side in [b, a] {
        if side == a { try NotebookProcess.run(a + ["sync"]) }
        let list = try NotebookProcess.run(side + ["list"]).output
        #expect(list.contains("pack the red bag"))
        #expect(list.contains("pack the blue bag"))
      }
    }

    @Test func syncNeedsARemoteThatIsNotTheLocalDirectory() async throws {
      try await withMachine { machine in
        var config = machine.config
        config.remoteDirectory = nil
        _ = await SyncConfig.global.withScratchValue(config) {
          await #expect(throws: NotebookError.noRemote) { try await SyncManager.shared.sync() }
        }
        config.remoteDirectory = config.localDirectory
        _ = await SyncConfig.global.withScratchValue(config) {
          await #expect(throws: NotebookError.remoteIsLocal(config.localDirectory)) {
            try await SyncManager.shared.sync()
          }
        }
      }
    }
  }
#endif
