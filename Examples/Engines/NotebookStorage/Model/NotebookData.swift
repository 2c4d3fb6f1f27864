/// One copy of a notebook: its notes and the replica id its own edits are recorded under.
///
/// ```swift
/// var data = NotebookData(replica: NoteID.make(), notes: [])
/// data.notes.append(Note(id: NoteID.make(), text: "hi", author: "ada", replica: data.replica))
/// ```
package nonisolated struct NotebookData: Equatable, Sendable {
  /// Stable for the life of the file; two files never share one (a sync re-keys a copy that
  /// was made by copying the file).
  package var replica: String
  /// Every note, tombstones included, in the order they were added.
  package var notes: [Note]

  package init(replica: String, notes: [Note]) {
    self.replica = replica
    self.notes = notes
  }

  /// A notebook with no notes yet, under a new replica id.
  package static func empty() -> NotebookData {
    NotebookData(replica: NoteID.make(), notes: [])
  }
}
