import Foundation

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
/// Threading: `Sendable`; the snapshots live under a lock, so read from any thread.
///
/// The lock is an `NSLock` (a pthread mutex), by the project's lock rule (CONTRIBUTING.md,
/// "Locks"), rather than Synchronization's `Mutex`: on Linux a contended `Mutex` is handed from
/// thread to thread by the kernel (a priority-inheriting futex), which ThreadSanitizer cannot see,
/// so `swift test --sanitize=thread` reported the stores of two notebooks' writers, each under the
/// lock, as a race. ThreadSanitizer intercepts pthread mutexes. Seen on Swift 6.3.1, Linux; no
/// upstream issue found, and the minimal reproduction is in NapkinOnce's `HandOff.swift`. A
/// `Mutex` may replace the lock once that reproduction runs clean under `-sanitize=thread`.
nonisolated final class SyncStore: @unchecked Sendable {
  /// The store the program uses.
  static let shared = SyncStore()

  // SAFETY: `snapshots` is read and written only inside `lock.withLock`, in `withSnapshots`; the
  // lock orders every access, and `lock` itself is a `let`.
  private let lock = NSLock()
  private var snapshots: [NotebookRef: [Note]] = [:]

  init() {}

  /// The live (not deleted) notes of `notebook`, in the order they were added, or `nil` if it was
  /// never loaded.
  func notes(in notebook: NotebookRef) -> [Note]? {
    withSnapshots { $0[notebook] }?.filter { !$0.isDeleted }
  }

  /// The live note `id` of `notebook`, if loaded.
  func note(_ id: String, in notebook: NotebookRef) -> Note? {
    notes(in: notebook)?.first { $0.id == id }
  }

  /// Replaces what is known of `notebook`; only ``SyncManager`` calls it.
  func replace(_ notes: [Note], of notebook: NotebookRef) {
    withSnapshots { $0[notebook] = notes }
  }

  private func withSnapshots<R: Sendable>(_ body: (inout [NotebookRef: [Note]]) -> R) -> R {
    lock.withLock { body(&snapshots) }
  }
}
