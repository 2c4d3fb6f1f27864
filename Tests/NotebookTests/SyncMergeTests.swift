import Testing

@testable import Notebook

@Suite struct SyncMergeTests {
  /// A note both sides agreed on at their last sync.
  func synced(_ text: String) -> Note {
    var note = Note(id: NoteID.make(), text: text, author: "t")
    note.syncedRevision = note.revision
    return note
  }

  @Test func aRemoteThatLostItsCopyGetsTheSyncedNoteAgain() {
    var local = [synced("kept")]
    var remote: [Note] = []
    let outcome = SyncMerge.merge(local: &local, remote: &remote, device: nil)
    #expect(outcome.sent == 1)
    #expect(remote.map(\.text) == ["kept"])
  }

  @Test func deletionsOnBothSidesAreNoConflict() {
    let base = synced("gone")
    var local = [base.deleted(by: "a")]
    var remote = [base.deleted(by: "b")]
    let outcome = SyncMerge.merge(local: &local, remote: &remote, device: nil)
    #expect(outcome.conflicts.isEmpty)
    #expect(
      local
        == remote.map {
          var n = $0
          n.syncedRevision = n.revision
          return n
        })
  }

  @Test func editsToTheSameTextAreNoConflict() {
    let base = synced("draft")
    var local = [base.edited("final", by: "a")]
    var remote = [base.edited("final", by: "b")]
    let outcome = SyncMerge.merge(local: &local, remote: &remote, device: nil)
    #expect(outcome.conflicts.isEmpty)
    #expect(local.map(\.text) == ["final"])
  }

  @Test func aRetriedConflictReusesTheCopyAnInterruptedSyncLeftOnTheRemote() {
    let base = synced("v1")
    let mine = base.edited("mine", by: "a")
    var remote = [base.edited("theirs", by: "b")]
    // The first attempt wrote the remote, then the process died before the local write.
    var firstLocal = [mine]
    _ = SyncMerge.merge(local: &firstLocal, remote: &remote, device: "laptop")
    var retriedLocal = [mine]
    let outcome = SyncMerge.merge(local: &retriedLocal, remote: &remote, device: "laptop")
    #expect(remote.filter { $0.text == "mine" }.count == 1)
    #expect(Set(retriedLocal.map(\.text)) == ["mine", "theirs"])
    #expect(retriedLocal.count == 2)
    #expect(outcome.conflicts.count == 1)
  }

  @Test func afterAMergeBothSidesHoldTheSameNotes() {
    let shared = synced("shared")
    let editedHere = synced("edit here")
    let editedThere = synced("edit there")
    var local = [
      shared, editedHere.edited("edited here", by: "a"), editedThere,
      Note(id: NoteID.make(), text: "new here", author: "a"),
    ]
    var remote = [
      shared, editedHere, editedThere.edited("edited there", by: "b"),
      Note(id: NoteID.make(), text: "new there", author: "b"),
    ]
    let outcome = SyncMerge.merge(local: &local, remote: &remote, device: nil)
    #expect(outcome.sent == 2)
    #expect(outcome.received == 2)
    #expect(
      Set(local.map(\.text)) == ["shared", "edited here", "edited there", "new here", "new there"])
    #expect(Set(local.map(\.revision)) == Set(remote.map(\.revision)))
    #expect(local.allSatisfy { $0.syncedRevision == $0.revision })
  }
}
