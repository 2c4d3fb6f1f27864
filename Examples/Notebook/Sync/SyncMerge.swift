/// The three-way merge of one notebook's local and remote notes. Pure: no I/O, no globals.
///
/// Each local note remembers the revision both sides agreed on at the last sync
/// (`syncedRevision`). A side whose revision still equals it did not change, so the other side's
/// version wins; when both changed, nothing is thrown away: the remote's version keeps the note's
/// id and the local version is kept aside as a new note on both sides.
enum SyncMerge {
  /// What one notebook's merge did.
  struct Outcome: Equatable {
    var sent = 0
    var received = 0
    var conflicts: [Conflict] = []
  }

  /// A note changed on both sides since the last sync.
  struct Conflict: Equatable {
    enum Kind: Equatable {
      /// Both edited: the note holds the remote's text, `keptAside` holds the local text.
      case editedOnBothSides(keptAside: String)
      /// Deleted here, edited there: the edit was kept.
      case deletedHereEditedThere
      /// Edited here, deleted there: the edit was kept.
      case editedHereDeletedThere
    }

    let noteID: String
    let kind: Kind
  }

  /// Merges `remote` into `local` and `local` into `remote`; afterwards both hold the same notes.
  static func merge(local: inout [Note], remote: inout [Note], device: String?) -> Outcome {
    var outcome = Outcome()
    var localIndex = index(local)
    // Positions of the notes present before the merge; the loop visits only those ids.
    let remoteIndex = index(remote)
    let remoteOnly = remote.map(\.id).filter { localIndex[$0] == nil }

    for id in local.map(\.id) + remoteOnly {
      switch (localIndex[id], remoteIndex[id]) {
      case (let l?, nil):
        local[l].syncedRevision = local[l].revision
        remote.append(local[l])
        outcome.sent += 1
      case (nil, let r?):
        var received = remote[r]
        received.syncedRevision = received.revision
        localIndex[id] = local.count
        local.append(received)
        outcome.received += 1
      case (let l?, let r?):
        guard let copy = mergeBoth(l, r, &local, &remote, &outcome, device: device) else {
          continue
        }
        if localIndex[copy.id] == nil {
          localIndex[copy.id] = local.count
          local.append(copy)
        }
        if remoteIndex[copy.id] == nil {
          remote.append(copy)
        }
      case (nil, nil):
        continue
      }
    }
    return outcome
  }

  /// Merges the two copies of one note in place.
  ///
  /// - Returns: the local version kept aside as a new note, when both sides edited the note; the
  ///   caller adds it to whichever side lacks it.
  private static func mergeBoth(
    _ l: Int, _ r: Int, _ local: inout [Note], _ remote: inout [Note], _ outcome: inout Outcome,
    device: String?
  ) -> Note? {
    let mine = local[l]
    let theirs = remote[r]
    let base = mine.syncedRevision
    if mine.revision == theirs.revision {
      local[l].syncedRevision = theirs.revision
    } else if mine.revision == base {
      take(theirs, into: &local[l], &outcome)
    } else if theirs.revision == base {
      send(&local[l], to: &remote[r], &outcome)
    } else if mine.isDeleted {
      // Deleted here, changed there (or deleted there too): keep the remote's version.
      take(theirs, into: &local[l], &outcome)
      if !theirs.isDeleted {
        outcome.conflicts.append(Conflict(noteID: mine.id, kind: .deletedHereEditedThere))
      }
    } else if theirs.isDeleted {
      send(&local[l], to: &remote[r], &outcome)
      outcome.conflicts.append(Conflict(noteID: mine.id, kind: .editedHereDeletedThere))
    } else if mine.text == theirs.text {
      take(theirs, into: &local[l], &outcome)
    } else {
      take(theirs, into: &local[l], &outcome)
      let copy = keptAside(mine, remote: remote, device: device)
      outcome.conflicts.append(
        Conflict(noteID: mine.id, kind: .editedOnBothSides(keptAside: copy.id)))
      return copy
    }
    return nil
  }

  /// The local version of a conflicting note as a new note; reuses the copy an interrupted earlier
  /// sync already left on the remote, so a retried sync does not duplicate it.
  private static func keptAside(_ mine: Note, remote: [Note], device: String?) -> Note {
    if let existing = remote.first(where: {
      $0.conflict?.noteID == mine.id && $0.text == mine.text && !$0.isDeleted
    }) {
      return existing
    }
    var copy = Note(
      id: NoteID.make(), text: mine.text, author: mine.author,
      conflict: Note.ConflictOrigin(noteID: mine.id, device: device))
    copy.syncedRevision = copy.revision
    return copy
  }

  private static func take(_ theirs: Note, into mine: inout Note, _ outcome: inout Outcome) {
    mine = theirs
    mine.syncedRevision = theirs.revision
    outcome.received += 1
  }

  private static func send(_ mine: inout Note, to theirs: inout Note, _ outcome: inout Outcome) {
    mine.syncedRevision = mine.revision
    theirs = mine
    outcome.sent += 1
  }

  private static func index(_ notes: [Note]) -> [String: Int] {
    var positions: [String: Int] = [:]
    for (position, note) in notes.enumerated() { positions[note.id] = position }
    return positions
  }
}
