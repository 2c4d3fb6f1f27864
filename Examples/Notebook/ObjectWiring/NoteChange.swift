import NotebookStorage

/// What ``SyncManager`` announces after a write: which notebook changed and how.
///
/// ```swift
/// for await change in SyncManager.shared.changes.subscribe() {
///   print(change.notebook, change.kind)
/// }
/// ```
nonisolated struct NoteChange: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case added(noteID: String)
    case edited(noteID: String)
    case deleted(noteID: String)
    /// A sync changed the notebook here; reload it.
    case synced
  }

  let notebook: NotebookRef
  let kind: Kind
}
