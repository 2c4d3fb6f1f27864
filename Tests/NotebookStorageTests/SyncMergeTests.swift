import Foundation
import NotebookStorage
import Testing

/// The pure merge, with copies held in memory.
@Suite struct SyncMergeTests {
  /// A copy of a notebook in memory.
  struct Copy {
    var data: NotebookData

    init(_ replica: String) {
      data = NotebookData(replica: replica, notes: [])
    }

    var live: [Note] { data.notes.filter { !$0.isDeleted } }

    mutating func add(_ text: String, id: String = NoteID.make()) -> String {
      data.notes.append(Note(id: id, text: text, author: "t", replica: data.replica))
      return id
    }

    mutating func edit(_ id: String, _ text: String) {
      let index = data.notes.firstIndex { $0.id == id }!
      // A handful of edits, far below the most a copy can count: cannot throw.
      data.notes[index] = try! data.notes[index].edited(text, by: "t", replica: data.replica)
    }

    mutating func delete(_ id: String) {
      let index = data.notes.firstIndex { $0.id == id }!
      data.notes[index] = try! data.notes[index].deleted(replica: data.replica)
    }

    @discardableResult
    mutating func sync(with other: inout Copy) -> SyncMerge.Outcome {
      SyncMerge.merge(local: &data.notes, remote: &other.data.notes)
    }
  }

  @Test func anEditMadeAfterTheOtherSideReceivedTheNoteWinsWithoutAConflict() {
    var x = Copy("x")
    var y = Copy("y")
    let id = y.add("first")
    x.sync(with: &y)
    y.edit(id, "second")
    let outcome = y.sync(with: &x)
    #expect(outcome.conflicts.isEmpty)
    #expect(y.live.map(\.text) == ["second"])
    #expect(x.live.map(\.text) == ["second"])
  }

  @Test func aDeleteMadeAfterTheOtherSideReceivedTheNoteStaysDeleted() {
    var x = Copy("x")
    var y = Copy("y")
    let id = y.add("first")
    x.sync(with: &y)
    y.delete(id)
    let outcome = y.sync(with: &x)
    #expect(outcome.conflicts.isEmpty)
    #expect(x.live.isEmpty && y.live.isEmpty)
  }

  @Test func copiesInAChainConvergeAndKeepBothConcurrentEdits() {
    var a = Copy("a")
    var b = Copy("b")
    var c = Copy("c")
    let id = a.add("start")
    a.sync(with: &b)
    b.sync(with: &c)
    a.edit(id, "from a")
    c.edit(id, "from c")
    var reported = 0
    var middle: [Set<String>] = []
    for _ in 0..<4 {
      reported += a.sync(with: &b).conflicts.count
      reported += b.sync(with: &c).conflicts.count
      middle.append(Set(b.live.map(\.text)))
    }
    #expect(reported == 1)
    // B no longer flips between the two texts: it holds both, and so does everyone.
    #expect(middle.allSatisfy { $0 == ["from a", "from c"] })
    #expect(Set(a.live.map(\.text)) == ["from a", "from c"])
    #expect(Set(c.live.map(\.text)) == ["from a", "from c"])
    #expect(Set(a.data.notes) == Set(c.data.notes))
  }

  @Test func aChainOfEditsAcrossCopiesIsNoConflict() {
    var a = Copy("a")
    var b = Copy("b")
    var c = Copy("c")
    let id = a.add("v1")
    a.sync(with: &b)
    b.edit(id, "v2")
    b.sync(with: &c)
    c.edit(id, "v3")
    c.sync(with: &a)
    let outcomes = [a.sync(with: &b), b.sync(with: &c), c.sync(with: &a)]
    #expect(outcomes.allSatisfy { $0.conflicts.isEmpty })
    for copy in [a, b, c] { #expect(copy.live.map(\.text) == ["v3"]) }
  }

  @Test func oneConflictResolvedOnTwoMachinesMakesOneCopy() {
    var a = Copy("a")
    var b = Copy("b")
    var c = Copy("c")
    var d = Copy("d")
    let id = a.add("start")
    a.sync(with: &b)
    c.sync(with: &a)
    d.sync(with: &b)
    a.edit(id, "from a")
    b.edit(id, "from b")
    // The same two versions meet twice, on different machines.
    c.sync(with: &a)
    d.sync(with: &b)
    #expect(c.sync(with: &d).conflicts.count == 1)
    a.sync(with: &b)
    for _ in 0..<2 {
      a.sync(with: &c)
      b.sync(with: &d)
      a.sync(with: &d)
    }
    for copy in [a, b, c, d] {
      #expect(copy.data.notes.count == 2)
      #expect(Set(copy.live.map(\.text)) == ["from a", "from b"])
    }
  }

  @Test func editsToTheSameTextAndDeletionsOnBothSidesAreNoConflict() {
    var a = Copy("a")
    var b = Copy("b")
    let same = a.add("draft")
    let gone = a.add("gone")
    a.sync(with: &b)
    a.edit(same, "final")
    b.edit(same, "final")
    a.delete(gone)
    b.delete(gone)
    #expect(a.sync(with: &b).conflicts.isEmpty)
    #expect(a.live.map(\.text) == ["final"])
    #expect(a.data.notes == b.data.notes)
  }

  @Test func anEditConcurrentWithADeletionIsKeptAndReported() {
    var a = Copy("a")
    var b = Copy("b")
    let id = a.add("keep me")
    a.sync(with: &b)
    a.delete(id)
    b.edit(id, "kept")
    let outcome = a.sync(with: &b)
    #expect(outcome.conflicts.map(\.kind) == [.deletedHereEditedThere])
    #expect(a.live.map(\.text) == ["kept"])
  }

  @Test func aRetriedSyncAfterAnInterruptedOneMakesNoSecondCopy() {
    var a = Copy("a")
    var b = Copy("b")
    let id = a.add("v1")
    a.sync(with: &b)
    a.edit(id, "mine")
    b.edit(id, "theirs")
    // The first attempt wrote the remote, then the process died before the local write.
    var lost = a
    lost.sync(with: &b)
    a.sync(with: &b)
    #expect(a.data.notes.count == 2)
    #expect(Set(a.live.map(\.text)) == ["mine", "theirs"])
    #expect(a.data.notes == b.data.notes)
  }

  @Test func resolvingTwoVersionsDoesNotDependOnWhichSideIsLocal() {
    var a = Copy("a")
    var b = Copy("b")
    let id = a.add("v1")
    a.sync(with: &b)
    a.edit(id, "mine")
    b.edit(id, "theirs")
    let (x, y) = (a.data.notes[0], b.data.notes[0])
    #expect(SyncMerge.resolve(x, y) == SyncMerge.resolve(y, x))
    #expect(SyncMerge.resolve(x, y).copy != nil)
  }

  @Test func aChangeOnOneSideOnlyIsSentWithoutAConflict() {
    var a = Copy("a")
    var b = Copy("b")
    let id = a.add("shared")
    let other = a.add("untouched")
    a.sync(with: &b)
    b.edit(id, "edited there")
    _ = a.add("new here")
    let outcome = a.sync(with: &b)
    #expect(outcome.conflicts.isEmpty)
    #expect(outcome.received == 1 && outcome.sent == 1)
    #expect(Set(a.live.map(\.text)) == ["edited there", "untouched", "new here"])
    #expect(a.data.notes.first { $0.id == other }?.text == "untouched")
    #expect(a.sync(with: &b) == SyncMerge.Outcome())
  }
}
