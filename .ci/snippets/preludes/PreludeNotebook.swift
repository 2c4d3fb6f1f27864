// What the Airframe articles' Notebook snippets assume: the example's types, reduced to the
// members the snippets touch. .ci/snippets/check.py compiles each snippet together with this file.
import Airframe
import Foundation

struct NotebookRef: Hashable, Sendable {
  let name: String
  var directory: String { "/tmp/notebooks" }

  init(_ name: String) throws { self.name = name }
}

final class NoteStore: Sendable {
  let notebook: NotebookRef
  let runner: SerialRunner

  init(notebook: NotebookRef, runner: SerialRunner) {
    self.notebook = notebook
    self.runner = runner
  }
}

final class DirectoryContext: Sendable {
  static let all = PerKey<String, DirectoryContext> { _ in DirectoryContext() }
  let runner = SerialRunner(label: "directory")
}

final class SyncManager: Sendable {
  static let shared = SyncManager()
  private init() {}

  func sync() async throws {}
}
