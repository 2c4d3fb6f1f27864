import Foundation
import NotebookStorage
import Testing

@testable import Notebook

/// A notebook copied with `cp` is a second replica: no edit made on either may vanish.
@Suite struct CopiedReplicaTests {
  @Test func editsOfACopiedFileAndOfItsOriginalBothSurviveTheirSync() async throws {
    try await withMachines(2) { machines, _ in
      let (original, copy) = (machines[0], machines[1])
      let work = try NotebookRef("work", in: original.directory)
      let note = try await original.run { try await SyncManager.shared.add("first", to: work) }
      try CraftedFiles.copy(work, to: copy.directory)
      try await original.run {
        _ = try await SyncManager.shared.edit(note.id, in: work, text: "edited on the original")
      }
      try await copy.run {
        let copied = work.moved(to: copy.directory)
        _ = try await SyncManager.shared.edit(note.id, in: copied, text: "copy, once")
        _ = try await SyncManager.shared.edit(note.id, in: copied, text: "edited on the copy")
      }
      let report = try await original.sync(with: copy)
      #expect(report.conflicts.count == 1)
      for machine in [original, copy] {
        let texts = try await machine.run {
          try SyncManager.shared.load(work.moved(to: machine.directory)).map(\.text).sorted()
        }
        #expect(texts == ["edited on the copy", "edited on the original"])
      }
    }
  }

  @Test func editsOfTwoCopiesThatMeetOnlyThroughAThirdBothSurvive() async throws {
    try await withMachines(3) { machines, _ in
      let (original, copy, hub) = (machines[0], machines[1], machines[2])
      let work = try NotebookRef("work", in: original.directory)
      let note = try await original.run { try await SyncManager.shared.add("first", to: work) }
      try CraftedFiles.copy(work, to: copy.directory)
      try await original.run {
        _ = try await SyncManager.shared.edit(note.id, in: work, text: "from the original")
      }
      try await copy.run {
        let copied = work.moved(to: copy.directory)
        for text in ["one", "two", "from the copy"] {
          _ = try await SyncManager.shared.edit(note.id, in: copied, text: text)
        }
      }
      _ = try await original.sync(with: hub)
      let report = try await copy.sync(with: hub)
      #expect(report.conflicts.count == 1)
      let texts = try await hub.run {
        try SyncManager.shared.load(work.moved(to: hub.directory)).map(\.text).sorted()
      }
      #expect(texts == ["from the copy", "from the original"])
    }
  }

  @Test func aFileTakesANewReplicaIDBeforeItsFirstEditAsACopyAndKeepsItAfterwards() async throws {
    try await withMachines(2) { machines, _ in
      let work = try NotebookRef("work", in: machines[0].directory)
      let note = try await machines[0].run { try await SyncManager.shared.add("a", to: work) }
      let copied = work.moved(to: machines[1].directory)
      try CraftedFiles.copy(work, to: machines[1].directory)
      let before = try NoteStore.shared(for: copied).read().replica
      try await machines[1].run {
        _ = try await SyncManager.shared.edit(note.id, in: copied, text: "b")
        let rekeyed = try NoteStore.shared(for: copied).read().replica
        #expect(rekeyed != before)
        _ = try await SyncManager.shared.edit(note.id, in: copied, text: "c")
        #expect(try NoteStore.shared(for: copied).read().replica == rekeyed)
      }
      #expect(try NoteStore.shared(for: work).read().replica == before)
    }
  }
}
