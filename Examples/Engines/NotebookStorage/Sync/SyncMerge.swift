/// The merge of two copies of one notebook. Pure: no I/O, no globals, no randomness.
///
/// Every note carries a version vector (which edits of it this copy has seen) and the dot of the
/// edit that wrote its current text; deletions stay as tombstones. For two versions of a note:
/// - one has seen the other's edit: it wins, whichever side it is on;
/// - neither has (concurrent edits): a live edit wins over a deletion, and of two different
///   texts one keeps the note's id and the other becomes a conflict copy, a note of its own;
/// - the result has seen every edit either side had seen, so it supersedes both.
///
/// Each choice depends only on the two versions, never on which side is local or on when the
/// sync runs, so copies that sync in any order and topology converge, and a conflict resolved on
/// two machines yields one copy, not two (its id is derived from the note's id and its text).
package nonisolated enum SyncMerge {
  /// What one notebook's merge did.
  package struct Outcome: Equatable {
    /// Notes whose text (or deletion) changed on the remote.
    package var sent = 0
    /// Notes whose text (or deletion) changed here.
    package var received = 0
    package var conflicts: [Conflict] = []

    package init(sent: Int = 0, received: Int = 0, conflicts: [Conflict] = []) {
      self.sent = sent
      self.received = received
      self.conflicts = conflicts
    }
  }

  /// A note edited on both sides, each without having seen the other's edit.
  package struct Conflict: Equatable {
    package enum Kind: Equatable {
      /// Both edited the text: one version kept the note's id, note `copyID` holds the other;
      /// `copyHoldsLocalText` says whether that is this side's version.
      case editedOnBothSides(copyID: String, copyHoldsLocalText: Bool)
      /// Deleted here, edited there: the edit was kept.
      case deletedHereEditedThere
      /// Edited here, deleted there: the edit was kept.
      case editedHereDeletedThere
    }

    package let noteID: String
    package let kind: Kind

    package init(noteID: String, kind: Kind) {
      self.noteID = noteID
      self.kind = kind
    }
  }

  /// How two versions of one note combine; the same whichever argument is which.
  package struct Resolution: Equatable {
    /// The note both sides hold afterwards.
    package var note: Note
    /// The concurrent text that did not keep the note's id, as a note of its own.
    package var copy: Note?
    /// Whether the versions were concurrent edits with different content.
    package var isConflict: Bool
  }

  /// Merges `remote` into `local` and `local` into `remote`; afterwards both hold the same notes.
  package static func merge(local: inout [Note], remote: inout [Note]) -> Outcome {
    var outcome = Outcome()
    var localIndex = index(local)
    var remoteIndex = index(remote)
    var copies: [Note] = []
    let ids = local.map(\.id) + remote.map(\.id).filter { localIndex[$0] == nil }
    for id in ids {
      switch (localIndex[id], remoteIndex[id]) {
      case (let l?, nil):
        remoteIndex[id] = remote.count
        remote.append(local[l])
        outcome.sent += 1
      case (nil, let r?):
        localIndex[id] = local.count
        local.append(remote[r])
        outcome.received += 1
      case (let l?, let r?):
        let mine = local[l]
        let resolution = resolve(mine, remote[r])
        replace(&local[l], with: resolution.note, counting: &outcome.received)
        replace(&remote[r], with: resolution.note, counting: &outcome.sent)
        if let copy = resolution.copy { copies.append(copy) }
        if resolution.isConflict {
          outcome.conflicts.append(Conflict(noteID: id, kind: kind(of: resolution, mine: mine)))
        }
      case (nil, nil):
        continue
      }
    }
    for copy in copies {
      place(copy, in: &local, &localIndex, counting: &outcome.received)
      place(copy, in: &remote, &remoteIndex, counting: &outcome.sent)
    }
    return outcome
  }

  /// Combines two versions of one note.
  package static func resolve(_ a: Note, _ b: Note) -> Resolution {
    let version = a.version.joined(with: b.version)
    func result(
      _ winner: Note, dots: [Dot], copy: Note? = nil, isConflict: Bool = false
    ) -> Resolution {
      var note = winner
      note.version = version
      note.dots = dots
      return Resolution(note: note, copy: copy, isConflict: isConflict)
    }
    let aWins = ranks(a, above: b)
    let (winner, loser) = aWins ? (a, b) : (b, a)
    if a.dots == b.dots && a.text == b.text && a.isDeleted == b.isDeleted {
      return result(winner, dots: winner.dots)
    }
    // The edits behind each text that the other side has not superseded.
    let aNews = news(a, against: b)
    let bNews = news(b, against: a)
    if bNews.isEmpty && !aNews.isEmpty { return result(a, dots: aNews) }
    if aNews.isEmpty && !bNews.isEmpty { return result(b, dots: bNews) }
    // Concurrent. (Neither side having news, or one dot behind two texts, happens only when two
    // files shared a replica id, one copied from the other; treating it as concurrent loses
    // nothing.)
    let (winnerNews, loserNews) =
      aWins ? (aNews.orAll(a), bNews.orAll(b)) : (bNews.orAll(b), aNews.orAll(a))
    // A live version ranks above a deletion: a deleted winner means two deletions.
    let sameContent = winner.isDeleted || (!loser.isDeleted && winner.text == loser.text)
    if sameContent {
      // Two deletions, or one text written twice: no conflict, and each edit still counts.
      return result(winner, dots: Array(Set(winnerNews + loserNews)).sorted())
    }
    if loser.isDeleted { return result(winner, dots: winnerNews, isConflict: true) }
    var losing = loser
    losing.dots = loserNews
    return result(
      winner, dots: winnerNews, copy: conflictCopy(of: losing, noteID: a.id), isConflict: true)
  }

  /// The edits behind `note`'s text that `other` has not seen or holds too.
  ///
  /// Through a set: a remote's note may bring thousands of dots, and a search of `other.dots` per
  /// dot made two syncs of a 6,000-dot note take 10 seconds (figures in SyncDesign.md).
  private static func news(_ note: Note, against other: Note) -> [Dot] {
    let held = Set(other.dots)
    return note.dots.filter { held.contains($0) || !other.version.covers($0) }
  }

  /// The losing text of a conflict as its own note, identical on every copy that makes it.
  package static func conflictCopy(of loser: Note, noteID: String) -> Note {
    Note(
      id: NoteID.conflictCopy(of: noteID, text: loser.text), text: loser.text, isDeleted: false,
      modified: loser.modified, author: loser.author, device: loser.device,
      conflict: Note.ConflictOrigin(noteID: noteID, device: loser.device),
      version: loser.version, dots: loser.dots)
  }

  /// The total order that picks which concurrent version keeps the note's id: a live note over a
  /// deletion, then the later edit, then any difference at all, so that every copy picks alike.
  private static func ranks(_ a: Note, above b: Note) -> Bool {
    if a.isDeleted != b.isDeleted { return !a.isDeleted }
    if a.modified != b.modified { return a.modified > b.modified }
    if a.dots != b.dots { return b.dots.lexicographicallyPrecedes(a.dots) }
    if a.text != b.text { return a.text > b.text }
    if a.author != b.author { return a.author > b.author }
    return (a.device ?? "", a.conflict?.device ?? "") > (b.device ?? "", b.conflict?.device ?? "")
  }

  private static func kind(of resolution: Resolution, mine: Note) -> Conflict.Kind {
    if let copy = resolution.copy {
      return .editedOnBothSides(copyID: copy.id, copyHoldsLocalText: copy.text == mine.text)
    }
    return mine.isDeleted ? .deletedHereEditedThere : .editedHereDeletedThere
  }

  /// Adds a conflict copy to one side, merging it with the copy an earlier sync already made.
  private static func place(
    _ copy: Note, in notes: inout [Note], _ index: inout [String: Int], counting count: inout Int
  ) {
    if let position = index[copy.id] {
      replace(&notes[position], with: resolve(notes[position], copy).note, counting: &count)
    } else {
      index[copy.id] = notes.count
      notes.append(copy)
      count += 1
    }
  }

  private static func replace(_ note: inout Note, with merged: Note, counting count: inout Int) {
    if note.text != merged.text || note.isDeleted != merged.isDeleted { count += 1 }
    note = merged
  }

  private static func index(_ notes: [Note]) -> [String: Int] {
    var positions: [String: Int] = [:]
    for (position, note) in notes.enumerated() { positions[note.id] = position }
    return positions
  }
}
nonisolated

  extension [Dot]
{
  /// These dots, or all of `note`'s when there are none.
  fileprivate func orAll(_ note: Note) -> [Dot] {
    isEmpty ? note.dots : self
  }
}
