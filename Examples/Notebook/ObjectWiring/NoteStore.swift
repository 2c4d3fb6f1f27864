import Airframe
import NotebookStorage

/// One notebook's persistence, shared per notebook: `NoteStore.shared(for: notebook)`.
///
/// ```swift
/// let store = NoteStore.shared(for: try NotebookRef("work"))
/// let notes = try store.read()
/// ```
///
/// The flat, keyed accessor of document 000: behind it, the private per-notebook context
/// (``NotebookContext``) decides which stores share a serial runner. The files themselves (locks,
/// crash-safe writes, validation) are the `NotebookStorage` engine's ``NotebookFiles``. Only
/// ``SyncManager`` calls ``update(_:)``; read-only code goes to ``SyncStore``.
///
/// Threading: `Sendable`. Writes of one directory run one at a time in this process (the runner)
/// and one at a time across processes (the notebook's lock file).
nonisolated final class NoteStore: Sendable {
  let notebook: NotebookRef
  let runner: SerialRunner

  /// The store of `notebook`, shared per notebook.
  static func shared(for notebook: NotebookRef) -> NoteStore {
    NotebookContext.all.shared(for: notebook).noteStore
  }

  /// A store of `notebook` writing through `runner`; ``shared(for:)`` gives the one the program
  /// uses, and a test may build its own.
  init(notebook: NotebookRef, runner: SerialRunner) {
    self.notebook = notebook
    self.runner = runner
  }

  /// Every note in the file, tombstones included.
  func read() throws(NotebookError) -> NotebookData {
    try NotebookFiles.read(notebook)
  }

  /// Whether anything is at the notebook's path (a link or a FIFO too: reading it says why not).
  var exists: Bool {
    FileIO.exists(notebook.file)
  }

  /// Reads the notes, lets `body` change them, and writes them back, after this directory's
  /// earlier writes and under the notebook's lock.
  func update<R>(_ body: (inout NotebookData) throws -> R) async throws -> R {
    let wait = SyncConfig.shared.lockWait
    return try await runner.run {
      try await NotebookFiles.update(notebook, wait: wait, body)
    }
  }

  /// Like ``update(_:)`` for two notebooks at once (a local one and its remote copy), holding
  /// both runners and both locks.
  static func update<R>(
    _ first: NoteStore, _ second: NoteStore,
    _ body: (inout NotebookData, inout NotebookData) throws -> R
  ) async throws -> R {
    let wait = SyncConfig.shared.lockWait
    return try await first.runner.run {
      try await second.runner.run {
        try await NotebookFiles.update(first.notebook, second.notebook, wait: wait, body)
      }
    }
  }
}
