import Foundation
import NotebookStorage
import Testing

@testable import Notebook

/// A remote's file is anyone's: its values are checked where it is read, and a note that breaks
/// a limit is refused by name, changing nothing on either side.
@Suite struct HostileRemoteTests {
  /// One honest sync of one note, then `tamper` rewrites the remote's copy of it; returns the
  /// sync's report and the local notebook.
  func syncAfterTampering(
    _ tamper: (inout Note, _ localReplica: String) -> Void,
    then check: (SyncReport, NotebookRef, Note, Machine) async throws -> Void
  ) async throws {
    try await withMachines(1) { machines, remote in
      let machine = machines[0]
      let work = try NotebookRef("work", in: machine.directory)
      try await machine.run {
        let note = try await SyncManager.shared.add("honest", to: work)
        _ = try await SyncManager.shared.sync()
        let remoteWork = work.moved(to: remote)
        var data = try NoteStore.shared(for: remoteWork).read()
        let localReplica = try NoteStore.shared(for: work).read().replica
        tamper(&data.notes[0], localReplica)
        try CraftedFiles.write(data, to: remoteWork)
        try await check(try await SyncManager.shared.sync(), work, note, machine)
      }
    }
  }

  @Test func aCounterAtTwoToThe64MinusOneIsRefusedNamingTheNoteAndTheNoteStaysEditable()
    async throws
  {
    let tamper: (inout Note, String) -> Void = { note, replica in
      note.version = VersionVector([replica: .max])
    }
    try await syncAfterTampering(tamper) { report, work, note, _ in
      let failure = try #require(report.failures.first)
      #expect("\(failure.error)".contains(note.id))
      #expect("\(failure.error)".contains("18446744073709551615"))
      _ = try await SyncManager.shared.edit(note.id, in: work, text: "still editable")
      try await SyncManager.shared.delete(note.id, in: work)
    }
  }

  @Test func aRemoteNoteOverTheTextLimitIsRefusedAndNotReceived() async throws {
    let tamper: (inout Note, String) -> Void = { note, replica in
      note.text = String(repeating: "x", count: 5 << 20)
      note.version = VersionVector([replica: 1, "attacker": 1])
      note.dots = [Dot(replica: "attacker", counter: 1)]
    }
    try await syncAfterTampering(tamper) { report, work, note, _ in
      let failure = try #require(report.failures.first)
      #expect("\(failure.error)".contains(note.id) && "\(failure.error)".contains("1 MiB"))
      #expect(try SyncManager.shared.load(work).map(\.text) == ["honest"])
    }
  }

  @Test func aRemoteNoteWithMoreCopiesThanTheLimitIsRefused() async throws {
    let tamper: (inout Note, String) -> Void = { note, _ in
      let replicas = (0...NotebookLimits.maximumReplicasPerNote).map { "r\($0)" }
      note.version = VersionVector(Dictionary(uniqueKeysWithValues: replicas.map { ($0, 1) }))
    }
    try await syncAfterTampering(tamper) { report, _, _, _ in
      #expect(report.failures.count == 1)
    }
  }

  @Test func aCounterAtTheMaximumRefusesTheNextEditInsteadOfTrapping() throws {
    var version = VersionVector(["a": VersionVector.maximumCounter])
    #expect(version.advance("a") == nil)
    #expect(version.counters["a"] == VersionVector.maximumCounter)
    let note = Note(
      id: "n", text: "t", isDeleted: false, modified: Note.now(), author: "a", device: nil,
      conflict: nil, version: version, dots: [Dot(replica: "a", counter: 1)])
    #expect(throws: NotebookError.editsExhausted(noteID: "n")) {
      _ = try note.edited("u", by: "a", replica: "a")
    }
  }
}
