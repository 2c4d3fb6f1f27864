import Foundation
import NotebookStorage
import Testing

/// Random adds, edits, deletes and pairwise syncs among 3 or 4 copies of a notebook, in memory,
/// then full rounds of syncs, checked against ``CausalModel``.
@Suite struct SyncModelTests {
  /// The copies of one notebook, what happened to them, and the reference model.
  struct World {
    var copies: [NotebookData]
    var model: CausalModel
    var originals: [String] = []
    var reported: Set<String> = []
    var clock = 0
    var random: SeededGenerator
    var texts = 0

    init(copies count: Int, seed: UInt64) {
      copies = (0..<count).map { NotebookData(replica: "r\($0)", notes: []) }
      model = CausalModel(copies: count)
      random = SeededGenerator(seed: seed)
    }

    /// A time that sometimes repeats, so that equal timestamps are exercised too.
    mutating func now() -> Date {
      clock += 1
      return Date(timeIntervalSince1970: Double(clock / 2))
    }

    mutating func add(on copy: Int) {
      let id = "n\(originals.count)"
      texts += 1
      let note = Note(
        id: id, text: "t\(texts)", author: "a\(copy)", device: "d\(copy)",
        replica: copies[copy].replica, at: now())
      copies[copy].notes.append(note)
      originals.append(id)
      model.record(id, text: note.text, on: copy)
    }

    /// Edits (or deletes) a random live original note of `copy`, if it has one.
    mutating func change(on copy: Int, deleting: Bool) {
      let live = copies[copy].notes.indices.filter {
        !copies[copy].notes[$0].isDeleted && copies[copy].notes[$0].conflict == nil
      }
      guard let index = live.randomElement(using: &random) else { return }
      let note = copies[copy].notes[index]
      let replica = copies[copy].replica
      let time = now()
      if deleting {
        // A few hundred edits, far below the most a copy can count: cannot throw.
        copies[copy].notes[index] = try! note.deleted(replica: replica)
        model.record(note.id, text: nil, on: copy)
      } else {
        texts += 1
        // Now and then the same text another copy may also write: concurrent but no conflict.
        let text = Int.random(in: 0..<6, using: &random) == 0 ? "same-\(note.id)" : "t\(texts)"
        copies[copy].notes[index] = try! note.edited(
          text, by: "a\(copy)", device: "d\(copy)", replica: replica, at: time)
        model.record(note.id, text: text, on: copy)
      }
    }

    @discardableResult
    mutating func sync(_ a: Int, _ b: Int) -> SyncMerge.Outcome {
      var (local, remote) = (copies[a].notes, copies[b].notes)
      let outcome = SyncMerge.merge(local: &local, remote: &remote)
      (copies[a].notes, copies[b].notes) = (local, remote)
      model.sync(a, b)
      reported.formUnion(outcome.conflicts.map(\.noteID))
      return outcome
    }

    /// Every pair syncs once.
    mutating func fullRound() -> [SyncMerge.Outcome] {
      var outcomes: [SyncMerge.Outcome] = []
      for a in copies.indices {
        for b in copies.indices where a != b { outcomes.append(sync(a, b)) }
      }
      return outcomes
    }
  }

  @Test(
    "any order of pairwise syncs converges, loses no edit, makes no false conflict and keeps real ones",
    arguments: 0..<120 as Range<UInt64>)
  func randomHistoriesHoldTheSyncContract(seed: UInt64) {
    var world = World(copies: 3 + Int(seed % 2), seed: seed)
    for _ in 0..<90 {
      let copy = Int.random(in: world.copies.indices, using: &world.random)
      switch Int.random(in: 0..<20, using: &world.random) {
      case 0..<4: world.add(on: copy)
      case 4..<10: world.change(on: copy, deleting: false)
      case 10..<12: world.change(on: copy, deleting: true)
      default:
        var other = Int.random(in: world.copies.indices, using: &world.random)
        if other == copy { other = (copy + 1) % world.copies.count }
        world.sync(copy, other)
      }
    }
    _ = world.fullRound()
    _ = world.fullRound()
    // Once syncs bring no news, they change nothing and report nothing.
    let quiet = world.fullRound()
    #expect(quiet.allSatisfy { $0 == SyncMerge.Outcome() }, "seed \(seed): syncs kept changing")

    // Convergence, with no note twice on any copy.
    let reference = Dictionary(uniqueKeysWithValues: world.copies[0].notes.map { ($0.id, $0) })
    for copy in world.copies {
      #expect(Set(copy.notes.map(\.id)).count == copy.notes.count, "seed \(seed): duplicate id")
      #expect(
        Dictionary(copy.notes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }) == reference,
        "seed \(seed): copies differ")
    }
    for id in world.originals {
      let note = reference[id]!
      let copies = reference.values.filter { $0.conflict?.noteID == id }
      let latest = world.model.latest(of: id)
      let liveTexts = Set(latest.compactMap(\.text))
      if liveTexts.isEmpty {
        #expect(note.isDeleted, "seed \(seed): note \(id) was deleted everywhere yet came back")
      } else {
        // No lost update, real conflicts kept, an edit concurrent with a deletion survives (under
        // the note's id, or as the conflict copy an earlier conflict made of it).
        let shown = Set([note.text] + copies.filter { !$0.isDeleted }.map(\.text))
        #expect(liveTexts.isSubset(of: shown), "seed \(seed): note \(id) lost an edit")
      }
      // No false conflicts, and no conflict copy made twice.
      #expect(
        Set(copies.map(\.text)).isSubset(of: world.model.conflictingTexts(of: id)),
        "seed \(seed): note \(id) has a conflict copy without a conflict")
      #expect(Set(copies.map(\.text)).count == copies.count, "seed \(seed): a copy multiplied")
    }
    for id in world.reported {
      #expect(world.model.hadConflict(id), "seed \(seed): a conflict was reported for \(id)")
    }
    #expect(
      reference.values.allSatisfy {
        $0.conflict.map { world.originals.contains($0.noteID) } ?? true
      })
  }
}
