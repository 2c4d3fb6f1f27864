import Foundation
import NotebookStorage

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
/// Threading: `Sendable`: the snapshots are read and written only under one lock, so read from any
/// thread. An `NSLock` rather than a `Mutex`: a sync and a write contend for it from two threads,
/// and ThreadSanitizer cannot see a contended `Mutex`'s hand-off on Linux (CONTRIBUTING.md, *Locks*).
// SAFETY: `snapshots` is read and written only inside `lock.withLock { }`; both are set in `init`.
nonisolated final class SyncStore: @unchecked Sendable {
  /// The store the program uses.
  static let shared = SyncStore()

  private let lock = NSLock()
  private var snapshots: [NotebookRef: [Note]] = [:]

  init() {}

  /// The live (not deleted) notes of `notebook`, in the order they were added, or `nil` if it was
  /// never loaded.
  func notes(in notebook: NotebookRef) -> [Note]? {
    lock.withLock { snapshots[notebook] }?.filter { !$0.isDeleted }
  }

  /// The live note `id` of `notebook`, if loaded.
  func note(_ id: String, in notebook: NotebookRef) -> Note? {
    notes(in: notebook)?.first { $0.id == id }
  }

  /// Replaces what is known of `notebook`; only ``SyncManager`` calls it.
  func replace(_ notes: [Note], of notebook: NotebookRef) {
    lock.withLock { snapshots[notebook] = notes }
  }
}
