import TerminalIO

/// What a sync did, for the person who ran it.
package nonisolated struct SyncReport: Sendable {
  /// One notebook that could not be synced; the others were.
  package struct Failure: Sendable {
    package let notebook: String
    package let error: NotebookError

    package init(notebook: String, error: NotebookError) {
      self.notebook = notebook
      self.error = error
    }
  }

  package var remote: String
  package var notebooks: [String] = []
  package var sent = 0
  package var received = 0
  package var conflicts: [(notebook: String, conflict: SyncMerge.Conflict)] = []
  package var failures: [Failure] = []

  /// An empty report of a sync with `remote`.
  package init(remote: String) {
    self.remote = remote
  }

  /// The lines `Notebook sync` prints.
  package var lines: [String] {
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
