import Airframe
import NotebookStorage

/// The per-notebook context: the one place that decides a notebook's component graph.
///
/// Never API: callers use the flat accessor `NoteStore.shared(for: notebook)`. The private
/// initializer decides that every notebook under one directory shares that directory's serial
/// runner, because they write under the same directory.
nonisolated final class NotebookContext: Sendable {
  /// One context per notebook, built on first use.
  static let all = PerKey<NotebookRef, NotebookContext> { NotebookContext($0) }

  let noteStore: NoteStore

  private init(_ notebook: NotebookRef) {
    let directory = DirectoryContext.all.shared(for: notebook.directory)
    noteStore = NoteStore(notebook: notebook, runner: directory.runner)
  }
}

/// The per-directory context: what the notebooks of one directory share.
nonisolated final class DirectoryContext: Sendable {
  /// One context per directory path, built on first use.
  static let all = PerKey<String, DirectoryContext> { DirectoryContext($0) }

  /// Serializes this process's writes under the directory.
  let runner: SerialRunner

  private init(_ directory: String) {
    runner = SerialRunner(label: "writes under \(directory)")
  }
}
