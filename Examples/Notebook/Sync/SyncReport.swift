import TerminalIO

/// What a sync did, for the person who ran it.
nonisolated struct SyncReport: Sendable {
  /// One notebook that could not be synced; the others were.
  struct Failure: Sendable {
    let notebook: String
    let error: NotebookError
  }

  var remote: String
  var notebooks: [String] = []
  var sent = 0
  var received = 0
  var conflicts: [(notebook: String, conflict: SyncMerge.Conflict)] = []
  var failures: [Failure] = []

  /// The lines `Notebook sync` prints.
  var lines: [String] {
    var lines = [
      """
      Synced \(notebooks.count) notebook\(notebooks.count == 1 ? "" : "s") with \
      \(TerminalText.escaped(remote)): \
      \(sent) sent, \(received) received.
      """
    ]
    for (notebook, conflict) in conflicts {
      // Ids come from the remote's file as much as from this one.
      let id = TerminalText.escaped(conflict.noteID)
      switch conflict.kind {
      case .editedOnBothSides(let rawCopyID, let copyHoldsLocalText):
        let copyID = TerminalText.escaped(rawCopyID)
        let (kept, copied) =
          copyHoldsLocalText ? ("the remote's", "yours") : ("yours", "the remote's")
        lines.append(
          """
          Conflict in "\(notebook)": note \(id) was edited here and on the remote, neither edit \
          seeing the other; kept both versions: note \(id) has \(kept) text, note \(copyID) has \
          \(copied).
          """)
      case .deletedHereEditedThere:
        lines.append(
          """
          Conflict in "\(notebook)": note \(id) was deleted here but edited on the remote; kept \
          the edited note.
          """)
      case .editedHereDeletedThere:
        lines.append(
          """
          Conflict in "\(notebook)": note \(id) was edited here but deleted on the remote; kept \
          your edited note.
          """)
      }
    }
    return lines
  }
}
