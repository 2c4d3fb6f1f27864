import NotebookStorage
import Synchronization

/// The pure model: the notes of every notebook this process has loaded. Data only, no I/O.
///
/// ```swift
/// let notes = SyncStore.shared.notes(in: work) ?? []
/// ```
///
/// Read-only consumers go here and never touch ``SyncManager``, which alone replaces the data
/// after it reads or writes the files. The initializer stays callable: a second store is coherent,
/// and a test may build one.
///
/// Threading: `Sendable`, checked by the compiler: the snapshots live in a `Mutex`, so read from
/// any thread.
nonisolated final class SyncStore: Sendable {
  /// The store the program uses.
  static let shared = SyncStore()

  private let snapshots = Mutex<[NotebookRef: [Note]]>([:])

  init() {}

  /// The live (not deleted) notes of `notebook`, in the order they were added, or `nil` if it was
  /// never loaded.
  func notes(in notebook: NotebookRef) -> [Note]? {
    snapshots.withLock { $0[notebook] }?.filter { !$0.isDeleted }
  }

  /// The live note `id` of `notebook`, if loaded.
  func note(_ id: String, in notebook: NotebookRef) -> Note? {
    notes(in: notebook)?.first { $0.id == id }
  }

  /// Replaces what is known of `notebook`; only ``SyncManager`` calls it.
  func replace(_ notes: [Note], of notebook: NotebookRef) {
    snapshots.withLock { $0[notebook] = notes }
  }
}
